import { z } from 'zod';
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS } from '../constants.js';
import { stripCardNumber } from '../card.js';

/**
 * A card number as typed: 16 to 19 digits, with any spaces or punctuation between them (stripped).
 * The same expression is the pattern the API document publishes, so a client checks what the
 * server checks; its message says what is wrong with the digits that remain.
 */
export const CARD_NUMBER_AS_TYPED = new RegExp(`^[^0-9A-Za-z]*(?:[0-9][^0-9A-Za-z]*){${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`);

function cardNumberProblem(input: unknown): string {
  const digits = typeof input === 'string' ? stripCardNumber(input) : '';
  if (!/^\d*$/.test(digits)) return 'card number must contain digits only';
  if (digits.length < CARD_NUMBER_MIN_DIGITS) return `card number must have at least ${CARD_NUMBER_MIN_DIGITS} digits`;
  return `card number must have at most ${CARD_NUMBER_MAX_DIGITS} digits`;
}

/** A card number as typed, checked by CARD_NUMBER_AS_TYPED; what passes is the digits alone. */
export const cardNumberField = z
  .string()
  .max(64)
  .regex(CARD_NUMBER_AS_TYPED, { error: (issue) => cardNumberProblem(issue.input) })
  .transform(stripCardNumber);

/** A gift card security code or Visa passcode as sent to be checked (the rules for a new one are stricter). */
export const secretField = z
  .string()
  .min(1, 'required')
  .max(32, 'at most 32 characters')
  .regex(/^[0-9a-zA-Z]+$/, 'letters and digits only');

/** The captcha token; the server refuses a missing one with CAPTCHA_INVALID, after body validation. */
export const captchaField = z.string().max(4096).optional();

/** A brand's code or slug as it appears in a path. */
export const brandIdParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only');

export const assetCodeField = z.string().min(1).max(16);
/**
 * The currency of an amount a client sends: an ISO 4217 code, as every brand's and card's asset is
 * (a brand file and a card import refuse any other); the server also checks it is the card's own.
 */
export const currencyCodeField = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code such as EUR');
export const minorUnits = z.number().int();
