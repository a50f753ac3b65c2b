import { FALLBACK_LANGUAGE } from '@tessera/contracts';

/**
 * The languages an Accept-Language header asks for, most wanted first: primary subtags in lower
 * case (en-GB → en), without duplicates, without those refused with q=0. A malformed entry is
 * skipped; a missing or empty header asks for nothing.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const entries: { lang: string; q: number; order: number }[] = [];
  header
    .slice(0, 512)
    .split(',')
    .forEach((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const lang = /^([a-zA-Z]{1,8})(?:-[a-zA-Z0-9]{1,8})*$/.exec(tag?.trim() ?? '')?.[1]?.toLowerCase();
      if (!lang) return;
      let q = 1;
      for (const param of params) {
        const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
        if (match) q = Number(match[1]);
      }
      if (Number.isFinite(q) && q > 0) entries.push({ lang, q, order });
    });
  entries.sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(entries.map((e) => e.lang))];
}

/**
 * The language to write to a cardholder in: the first wanted one (the call's culture, then the
 * Accept-Language header) that the brand offers for the flow; else the fallback language (nl)
 * when offered; else the flow's first language; else the fallback. Only languages in `supported`
 * (those with texts) are ever chosen.
 */
export function chooseLanguage<L extends string>(
  wanted: readonly (string | undefined)[],
  offered: readonly string[],
  supported: readonly L[],
): L {
  const isSupported = (lang: string | undefined): lang is L => lang !== undefined && (supported as readonly string[]).includes(lang);
  const usable = offered.filter(isSupported);
  const found = wanted.find((lang) => isSupported(lang) && usable.includes(lang));
  if (isSupported(found)) return found;
  if (isSupported(FALLBACK_LANGUAGE) && usable.includes(FALLBACK_LANGUAGE)) return FALLBACK_LANGUAGE;
  if (usable[0] !== undefined) return usable[0];
  return (isSupported(FALLBACK_LANGUAGE) ? FALLBACK_LANGUAGE : supported[0]) as L;
}
