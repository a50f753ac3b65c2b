import { z } from 'zod';
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS } from '../constants.js';
import { stripCardNumber } from '../card.js';

/** A card number as typed: spaces and punctuation are stripped, then 16 to 19 digits remain. */
export const cardNumberField = z
  .string()
  .max(64)
  .transform(stripCardNumber)
  .pipe(
    z
      .string()
      .regex(/^\d+$/, 'card number must contain digits only')
      .min(CARD_NUMBER_MIN_DIGITS, `card number must have at least ${CARD_NUMBER_MIN_DIGITS} digits`)
      .max(CARD_NUMBER_MAX_DIGITS, `card number must have at most ${CARD_NUMBER_MAX_DIGITS} digits`),
  );

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
export const minorUnits = z.number().int();
