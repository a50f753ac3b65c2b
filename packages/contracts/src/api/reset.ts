import { z } from 'zod';
import { ONE_TIME_CODE_LENGTH } from '../constants.js';
import { captchaField, cardNumberField } from './common.js';

/**
 * A one-time code as typed in the boxes: exactly six digits
 * (docs/product/common.md#one-time-codes).
 */
export const oneTimeCodeField = z
  .string()
  .regex(new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`), `exactly ${ONE_TIME_CODE_LENGTH} digits`);

/**
 * A new passcode or security code as sent. Only its shape is a validation error; the
 * docs/product/common.md#passcodes rules (length 6, not guessable) answer SECURITY_CODE_INSECURE,
 * so the web app can show them.
 */
export const newSecretField = z
  .string()
  .min(1, 'required')
  .max(32, 'at most 32 characters');

/** POST /api/recovery/{themeCode}/ (x-flow-type SECURITY_RESET): answers the card (giftCardSchema). */
export const recoveryRequestSchema = z.object({
  cardNumber: cardNumberField,
  otcNumber: oneTimeCodeField,
  securityCode: newSecretField,
  'g-recaptcha-response': captchaField,
});
export type RecoveryRequest = z.input<typeof recoveryRequestSchema>;
