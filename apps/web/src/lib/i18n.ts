import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
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
 * What every i18n instance starts with, in the browser (createI18n) and on the server
 * (entry-server.tsx): the portal's languages, the bundled core texts under `resources`, and, for
 * a server-rendered page, its language with its texts (`initial`), started at once (no request,
 * no suspense) so both render the same markup.
 */
export function baseI18nOptions(initial?: { lng: string; texts: Record<string, string> }): InitOptions {
  const resources = coreResources();
  if (initial) resources[initial.lng] = { ...resources[initial.lng], translation: initial.texts };
  return {
    ...(initial && { lng: initial.lng, initAsync: false }),
    // A server-rendered page brings its language's texts whole (the brand's over the defaults):
    // the fallback language's texts would be a request for nothing. Elsewhere nl backs up a text
    // the language lacks.
    fallbackLng: initial ? false : FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    fallbackNS: CORE_NS,
    partialBundledLanguages: true,
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
    returnNull: false,
  };
}

/**
 * `initial`: a server-rendered page's language and texts (baseI18nOptions). main.tsx then decides
 * whether the browser's own language sources ask for another language.
 */
export function createI18n(initial?: { lng: string; texts: Record<string, string> }): I18n {
  const i18n = i18next.createInstance();
  translationSlug = slugFromLocation(window.location);
  void i18n
    .use(createTranslationBackend(() => translationSlug))
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions(initial),
      maxParallelReads: TRANSLATION_LOADER.maxParallelReads,
      maxRetries: TRANSLATION_LOADER.maxRetries,
      retryTimeout: TRANSLATION_LOADER.retryTimeoutMs,
    });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n;
}

export function coreResources(): Resource {
  return Object.fromEntries(
    Object.entries(coreTexts).map(([lng, texts]) => [lng, { [CORE_NS]: texts }]),
  );
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
