import { ISO_COUNTRY_CODES } from '@tessera/contracts';

export interface Country {
  code: string;
  name: string;
}

const cache = new Map<string, Country[]>();

/**
 * The country list (docs/product/visa.md#holder-information: ISO code plus name, in English and
 * Dutch, falling back to English), named by the browser's own Intl data instead of a bundled table,
 * sorted for the language.
 */
export function countryList(language: string): Country[] {
  const lang = language === 'nl' ? 'nl' : 'en';
  let list = cache.get(lang);
  if (!list) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    list = ISO_COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code }));
    const collator = new Intl.Collator(lang);
    list.sort((a, b) => collator.compare(a.name, b.name));
    cache.set(lang, list);
  }
  return list;
}

export function countryName(code: string | null | undefined, language: string): string {
  if (!code) return '';
  return countryList(language).find((country) => country.code === code)?.name ?? code;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The countries matching a search, those whose name starts with it first ("nether": Netherlands
 * before Caribbean Netherlands), in list order otherwise.
 */
export function searchCountries(list: readonly Country[], query: string): Country[] {
  const q = fold(query.trim());
  const matches = list.filter((country) => matchesCountry(country, query));
  const first = matches.filter((country) => country.code.toLowerCase() === q || fold(country.name).startsWith(q));
  return [...first, ...matches.filter((country) => !first.includes(country))];
}

/** Case- and accent-insensitive match on the name's start of a word, or the code. */
export function matchesCountry(country: Country, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  if (country.code.toLowerCase() === q) return true;
  const name = fold(country.name);
  return name.startsWith(q) || name.split(/[\s-]+/).some((word) => word.startsWith(q));
}
