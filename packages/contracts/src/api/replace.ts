import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, SUPPORTED_LANGUAGES } from '../constants.js';
import { cardNumberField, secretField } from './common.js';
import { balanceSchema } from './giftcard.js';

/**
 * The replacement e-mail address (docs/product/replace.md#rules). Surrounding spaces are dropped
 * before the check.
 */
export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, `at most ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_PATTERN, 'not an e-mail address');

/**
 * POST /api/replacecard/{themeCode}/replace (x-flow-type REPLACE). `code` is the card number
 * (docs/product/replace.md). `balances` are what the cardholder saw; the server moves the whole
 * balance the ledger holds at the moment of the replacement, whatever they say. `culture` (not in
 * the spec, optional) is the language of the e-mail; without it the Accept-Language header, then
 * nl.
 */
export const replaceCardRequestSchema = z.object({
  code: cardNumberField,
  email: emailField,
  securityCode: secretField,
  balances: z.array(balanceSchema).max(16),
  culture: z.enum(SUPPORTED_LANGUAGES).optional(),
});
export type ReplaceCardRequest = z.input<typeof replaceCardRequestSchema>;

/** The answer of a replacement: the address the new card was sent to (the success screen shows it). */
export const replacementSchema = z.object({
  email: z.string(),
});
export type Replacement = z.infer<typeof replacementSchema>;

/**
 * GET /dev/outbox (demo mode only): the local outbox, newest first
 * (docs/product/common.md#demo-mode).
 */
export const devOutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().optional(),
  body: z.string(),
  createdAt: z.string(),
});
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;
