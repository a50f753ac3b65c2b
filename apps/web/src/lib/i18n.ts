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

export function createI18n(): I18n {
  const i18n = i18next.createInstance();
  translationSlug = slugFromLocation(window.location);
  void i18n
    .use(createTranslationBackend(() => translationSlug))
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      fallbackNS: CORE_NS,
      partialBundledLanguages: true,
      resources: coreResources(),
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
