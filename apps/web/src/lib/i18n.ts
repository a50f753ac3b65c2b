import { FALLBACK_LANGUAGE } from '@tessera/contracts';
import { readRedirectEntry } from './redirectState';
import { coreTexts } from './i18nCore';
import { readTranslations } from './translationBackend';
import { detectLanguages, rememberLanguage } from './languageDetector';
import { Translator, type Texts, type TranslatorOptions } from './translator';

/**
 * Translations are loaded per brand slug (docs/product/README.md#flows). The slug comes from the
 * first path segment, or on /callback from the stored redirect url the `state` parameter points at
 * (docs/product/README.md#routes).
 */
export function slugFromPath(pathname: string): string | null {
  const first = pathname.split(/[?#]/)[0]!.split('/').filter(Boolean)[0];
  if (!first || first === 'callback') return null;
  try {
    return decodeURIComponent(first);
  } catch {
    return null;
  }
}

export function slugFromLocation(location: Pick<Location, 'pathname' | 'search'>): string | null {
  if (location.pathname.replace(/\/+$/, '') === '/callback') {
    const state = new URLSearchParams(location.search).get('state');
    const entry = state ? readRedirectEntry(state) : null;
    return entry ? slugFromPath(entry.url) : null;
  }
  return slugFromPath(location.pathname);
}

let translationSlug: string | null = null;

/** Points the reader at another brand's texts and reads them again when the slug changes. */
export async function setTranslationSlug(translator: Translator, slug: string): Promise<void> {
  if (slug === translationSlug) return;
  translationSlug = slug;
  await translator.reload();
}

/**
 * The translator a server-rendered page starts with, on the server (entry-server.tsx) and in
 * the browser: its language with its texts, already here (no request, no suspense), so both
 * render the same markup. The page's texts are whole (the brand's over the defaults): no
 * fallback language.
 */
export function pageTranslator(initial: { lng: string; texts: Texts }, browser?: Pick<TranslatorOptions, 'read' | 'remember'>): Translator {
  return new Translator({ language: initial.lng, resources: { [initial.lng]: initial.texts }, fallbackLanguage: false, core: coreTexts, ...browser });
}

/**
 * The browser's translator. `initial`: a server-rendered page's language and texts; main.tsx
 * then decides whether the browser's own language sources ask for another language. Without
 * it the language is detected (docs/product/common.md#languages) and nl backs up a text the
 * language lacks.
 */
export function createTranslator(initial?: { lng: string; texts: Texts }): Translator {
  translationSlug = slugFromLocation(window.location);
  const browser = { read: (language: string) => readTranslations(translationSlug, language), remember: rememberLanguage };
  const translator = initial
    ? pageTranslator(initial, browser)
    : new Translator({ detected: detectLanguages(), fallbackLanguage: FALLBACK_LANGUAGE, core: coreTexts, ...browser });
  translator.subscribe(() => {
    document.documentElement.lang = translator.language;
  });
  return translator;
}

/** The languages a flow offers (docs/product/README.md#flows); nl when the brand lists none. */
export function offeredLanguages(availability: { availableLanguages: readonly string[] } | undefined): readonly string[] {
  return availability?.availableLanguages.length ? availability.availableLanguages : [FALLBACK_LANGUAGE];
}

/**
 * The flow decides which languages are offered (docs/product/README.md#flows). When the current
 * language is not one of them, the first available one is used; nl when the flow lists none.
 */
export function pickLanguage(current: string | undefined, available: readonly string[]): string {
  const base = current?.split('-')[0];
  if (base && available.includes(base)) return base;
  return available[0] ?? FALLBACK_LANGUAGE;
}
