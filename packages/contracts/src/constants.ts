/**
 * Business constants of docs/product/common.md. Both apps read them from here so the numbers live
 * once.
 */

export const FALLBACK_LANGUAGE = 'nl';
export const SUPPORTED_LANGUAGES = ['nl', 'en'] as const;

export const PASSCODE_LENGTH = 6;
/** The repeat field shows a mismatch only once it holds this many characters. */
export const PASSCODE_MISMATCH_FROM = 4;
export const ONE_TIME_CODE_LENGTH = 6;
export const CARD_NUMBER_PLACEHOLDER = '0000 0000 0000 0000 000';
export const CARD_NUMBER_MIN_DIGITS = 16;
export const CARD_NUMBER_MAX_DIGITS = 19;
export const CARD_GROUP_SIZE = 4;
export const MASK_VISIBLE_CHARACTERS = 3;
export const MASK_HIDDEN_CHARACTERS = 16;

/** Grace period after a gift card's expiry date: 365 days. */
export const GIFT_CARD_GRACE_PERIOD_MS = 31_536_000_000;

export const PIN_AUTO_HIDE_MS = 8000;
export const PIN_FRAME_REVEAL_DELAY_MS = 500;

export const TOOLTIP_SHOW_DELAY_MS = 300;
export const TOOLTIP_HIDE_DELAY_MS = 450;

export const DATE_SELECTOR_FIRST_YEAR = 1920;

/**
 * Translation loader (docs/product/common.md#translations): parallel reads, retries, initial delay
 * doubling each time.
 */
export const TRANSLATION_LOADER = {
  maxParallelReads: 10,
  maxRetries: 5,
  retryTimeoutMs: 350,
} as const;

/**
 * Language detection order (docs/product/common.md#languages); apps/web/src/lib/languageDetector.ts
 * reads the sources in it.
 */
export const LANGUAGE_DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;

export const DEFAULT_ERROR_CODE = 'F110';

/** Request limits the server enforces (docs/product/common.md#rate-limits-and-sizes). */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The replacement e-mail address (docs/product/replace.md#rules): one @, no spaces, a dot in the
 * domain. Deliberately simple: the address only has to reach a mailbox, and the cardholder types it
 * twice.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
