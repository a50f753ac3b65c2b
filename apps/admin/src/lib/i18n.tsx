import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import en from '../locales/en.json';
import nl from '../locales/nl.json';

export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export type TextKey = keyof typeof en;
type Texts = Record<TextKey, string>;

/** Both languages are bundled: together a few kilobytes, less than a request for one of them. */
const TEXTS: Record<Language, Texts> = { en, nl: nl satisfies Texts };
/** The Intl locale of each language: Dutch as in the Netherlands, English with day-month order and a 24-hour clock. */
const LOCALES: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB' };
const STORAGE_KEY = 'tessera-admin-language';
/** The back office's dates and times are the program's: Amsterdam's, whatever the browser's zone. */
export const TIME_ZONE = 'Europe/Amsterdam';

const isLanguage = (code: string | null | undefined): code is Language => (LANGUAGES as readonly (string | null | undefined)[]).includes(code);

/** The language remembered, else the first of the browser's languages we have, else English. */
export function detectLanguage(): Language {
  let remembered: string | null = null;
  try {
    remembered = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be refused (privacy settings): the browser's language decides.
  }
  if (isLanguage(remembered)) return remembered;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const code of wanted) {
    const base = code?.split('-')[0]?.toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

export interface I18n {
  language: Language;
  locale: string;
  t: Translate;
  /** Whether `key` has a text (for values from the server that may be new: a state, an action). */
  has(key: string): key is TextKey;
  setLanguage(language: Language): void;
  formatMoney(money: { value: number; assetCode: string }): string;
  formatDateTime(iso: string): string;
  /** A calendar date (yyyy-mm-dd, as a card's expiry): the date alone, the same day in every zone. */
  formatDate(isoDate: string): string;
}

const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}

const fractionDigits = (assetCode: string): number => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: assetCode }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

export function I18nProvider({ initial, children }: { initial: Language; children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initial);
  const setLanguage = useCallback((next: Language) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered, still shown.
    }
    setLanguageState(next);
  }, []);

  const i18n = useMemo<I18n>(() => {
    const texts = TEXTS[language];
    const locale = LOCALES[language];
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
    // A date has no instant: read as UTC midnight and shown in UTC it is the same day everywhere
    // (shown in Amsterdam, 2028-06-30 would read as 30 Jun 2028, 02:00).
    const calendarDate = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      language,
      locale,
      setLanguage,
      has: (key): key is TextKey => key in texts,
      // `{name}` placeholders; React escapes what it renders.
      t: (key, values) => {
        const text = texts[key] ?? key;
        return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
      },
      formatMoney: ({ value, assetCode }) => {
        const digits = fractionDigits(assetCode);
        try {
          return new Intl.NumberFormat(locale, { style: 'currency', currency: assetCode }).format(value / 10 ** digits);
        } catch {
          return `${(value / 10 ** digits).toFixed(digits)} ${assetCode}`;
        }
      },
      formatDateTime: (iso) => {
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
      },
      formatDate: (isoDate) => {
        const day = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? new Date(`${isoDate}T00:00:00Z`) : null;
        return day && !Number.isNaN(day.getTime()) ? calendarDate.format(day) : isoDate;
      },
    };
  }, [language, setLanguage]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  return (
    <I18nContext value={i18n}>
      <AriaI18nProvider locale={i18n.locale}>{children}</AriaI18nProvider>
    </I18nContext>
  );
}
