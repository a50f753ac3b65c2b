import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  TRANSLATION_LOADER,
} from '@tessera/contracts';
import { readRedirectEntry } from './redirectState';
import { coreTexts } from './i18nCore';
import { createTranslationBackend } from './translationBackend';
import { languageDetector } from './languageDetector';

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

/** Points the backend at another brand's texts and reloads them when the slug changes. */
export async function setTranslationSlug(i18n: I18n, slug: string): Promise<void> {
  if (slug === translationSlug) return;
  translationSlug = slug;
  if (i18n.services?.backendConnector?.backend) await i18n.reloadResources();
}

/** Bundled fallback namespace: the few texts shown when a brand's texts cannot be loaded at all. */
const CORE_NS = 'core';

/**
 * `initial`: a server-rendered page's language and texts. The app then starts in the language the
 * server rendered, with its texts at hand (no request, no suspense), so hydration sees what the
 * server wrote; correctLanguage() applies the browser's own choice afterwards.
 */
export function createI18n(initial?: { lng: string; texts: Record<string, string> }): I18n {
  const i18n = i18next.createInstance();
  translationSlug = slugFromLocation(window.location);
  const resources = coreResources();
  if (initial) resources[initial.lng] = { ...resources[initial.lng], translation: initial.texts };
  void i18n
    .use(createTranslationBackend(() => translationSlug))
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...(initial && { lng: initial.lng, initAsync: false }),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      fallbackNS: CORE_NS,
      partialBundledLanguages: true,
      resources,
      maxParallelReads: TRANSLATION_LOADER.maxParallelReads,
      maxRetries: TRANSLATION_LOADER.maxRetries,
      retryTimeout: TRANSLATION_LOADER.retryTimeoutMs,
      interpolation: { escapeValue: false },
      react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
      returnNull: false,
    });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n;
}

/**
 * After a server-rendered page hydrated: the language the browser's own sources choose (the
 * server saw the query, the cookie and Accept-Language, not web storage), when it is another one.
 * `browserLanguages` is detectLanguages() read before i18n starts, which stores the language it
 * starts in. FlowArea then keeps it to the flow's languages.
 */
export function correctLanguage(i18n: I18n, browserLanguages: readonly string[]): void {
  const detected = i18n.services.languageUtils.getBestMatchFromCodes([...browserLanguages]);
  if (detected && detected !== i18n.language) void i18n.changeLanguage(detected);
}

export function coreResources(): Resource {
  return Object.fromEntries(
    Object.entries(coreTexts).map(([lng, texts]) => [lng, { [CORE_NS]: texts }]),
  );
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
