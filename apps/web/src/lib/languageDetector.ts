import { LANGUAGE_DETECTION_ORDER } from '@tessera/contracts';

/** Where each source of docs/product/common.md#languages keeps the language. */
export const LANGUAGE_LOOKUP = {
  querystring: 'lng',
  cookie: 'i18next',
  localStorage: 'i18nextLng',
  sessionStorage: 'i18nextLng',
} as const;

/**
 * Letters, digits, `-`, `_`, `@`, `.`: a detected value never reaches `<html lang>` with markup or
 * quotes in it (the rule of i18next's browser language detector).
 */
function isSafeLanguageCode(code: string): boolean {
  return /^[A-Za-z0-9_@.-]{1,128}$/.test(code) && !code.includes('..') && !['__proto__', 'constructor', 'prototype'].includes(code);
}

/** Web storage can be missing or throw (privacy modes, sandboxed frames). */
function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  try {
    for (const part of document.cookie.split(';')) {
      const [key, ...value] = part.trim().split('=');
      if (key === name) return decodeURIComponent(value.join('='));
    }
  } catch {
    // document.cookie throws in some sandboxed documents
  }
  return null;
}

function lookup(source: (typeof LANGUAGE_DETECTION_ORDER)[number]): Array<string | null | undefined> {
  switch (source) {
    case 'querystring':
      return [new URLSearchParams(window.location.search).get(LANGUAGE_LOOKUP.querystring)];
    case 'cookie':
      return [readCookie(LANGUAGE_LOOKUP.cookie)];
    case 'localStorage':
      return [storage('localStorage')?.getItem(LANGUAGE_LOOKUP.localStorage)];
    case 'sessionStorage':
      return [storage('sessionStorage')?.getItem(LANGUAGE_LOOKUP.sessionStorage)];
    case 'navigator':
      return [...(navigator.languages ?? []), navigator.language];
    case 'htmlTag':
      return [document.documentElement.getAttribute('lang')];
  }
}

/**
 * Every language the sources of docs/product/common.md#languages name, in its order: query string
 * `lng`, cookie `i18next`, localStorage and sessionStorage `i18nextLng`, the browser's languages,
 * `<html lang>`. The translator takes the first one it supports (and falls back to nl).
 */
export function detectLanguages(): string[] {
  return LANGUAGE_DETECTION_ORDER.flatMap(lookup).filter((code): code is string => !!code && isSafeLanguageCode(code));
}

/** Remembers the language shown: localStorage `i18nextLng` (spec) and the `i18next` cookie. */
export function rememberLanguage(lng: string): void {
  if (!isSafeLanguageCode(lng)) return;
  try {
    storage('localStorage')?.setItem(LANGUAGE_LOOKUP.localStorage, lng);
  } catch {
    // a full or refused storage only loses the remembered choice
  }
  // Also as the `i18next` cookie, which the server reads: the next page arrives rendered in it
  // (docs/decisions/022). A year; only this site, sent on top-level navigations.
  try {
    document.cookie = `${LANGUAGE_LOOKUP.cookie}=${encodeURIComponent(lng)}; path=/; max-age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  } catch {
    // cookies refused: the server falls back to Accept-Language
  }
}
