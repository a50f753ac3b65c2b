import { cardNumberField, currencyCodeField, moneySchema, plainText, type Money } from '@tessera/contracts';
import { BLOCK_REASONS } from '@tessera/contracts/admin';
import { z } from 'zod';
import { integerQueryField } from '../http/integer-query.js';

/**
 * The brand API's request and answer shapes (docs/brand-api.md; /work design brand-api.md is
 * binding): camelCase, money as {value, assetCode} in minor units. Requests are strict: an unknown
 * field is a 400 VALIDATION_ERROR (Stripe refuses unknown parameters too), so a typo never passes
 * silently as "not given".
 */

/** Upper bound of one amount: 1 000 000.00 in a two-decimal currency, far inside a 32-bit integer. */
export const MAX_AMOUNT = 100_000_000;

/** Money as the portal answers it too: {value, assetCode}, one schema (Money in the API document). */
export { moneySchema, type Money };

/** The card's (the brand's) currency: another one is a 400 VALIDATION_ERROR. */
const cardCurrency = currencyCodeField.describe('The card\u2019s currency (the brand\u2019s, ISO 4217); another is refused with 400 VALIDATION_ERROR.');
const positiveMoney = z.strictObject({ value: z.number().int().positive().max(MAX_AMOUNT), assetCode: cardCurrency });
const reference = plainText().min(1).max(255).describe('Your own reference (a receipt or order number); answered back and listed with the transaction.');

export const CARD_API_STATES = ['active', 'inactive', 'passcode_set', 'blocked', 'replaced', 'paid_out', 'expired'] as const;

export const cardSchema = z.object({
  id: z.string().describe('The card\u2019s opaque id: use it in later calls (a card number never goes in a URL).'),
  kind: z.enum(['giftcard', 'visa']),
  state: z.enum(CARD_API_STATES).describe('active: usable. blocked: stopped (lost, stolen, fraud, other). replaced, paid_out: its balance moved on. inactive, passcode_set: a Visa card not activated yet. expired: past its expiry date.'),
  balances: z.array(moneySchema).describe('Per asset; the card\u2019s own asset first (0 when empty).'),
  expiresAt: z.string().nullable().describe('yyyy-mm-dd, or null: no expiry.'),
});
export type ApiCard = z.infer<typeof cardSchema>;

export const issueCardRequestSchema = z.strictObject({
  kind: z.literal('giftcard'),
  balance: z.strictObject({ value: z.number().int().min(0).max(MAX_AMOUNT), assetCode: cardCurrency }).describe('The initial balance, in the brand\u2019s asset.'),
  expiresAt: z.iso.date().optional().describe('yyyy-mm-dd, today or later; none: the card does not expire.'),
  recoveryCode: z.boolean().optional().describe('Also draw a recovery code (RESET of the security code).'),
});

export const issuedCardSchema = z.object({
  id: z.string(),
  cardNumber: z.string().describe('Shown in this answer only (and in its idempotent replay for 24 hours).'),
  securityCode: z.string(),
  recoveryCode: z.string().optional(),
  balance: moneySchema,
  expiresAt: z.string().nullable(),
  state: z.enum(CARD_API_STATES),
});

export const lookupRequestSchema = z.strictObject({ cardNumber: cardNumberField });

export const cardIdParams = z.object({ id: z.string().min(1).max(64) });
export const redemptionIdParams = z.object({ id: z.string().min(1).max(64) });

export const redemptionRequestSchema = z.strictObject({
  amount: positiveMoney,
  reference: reference.optional(),
  allowPartial: z.boolean().optional().describe('When the balance is short: redeem what the card holds instead of refusing with BALANCE_TOO_LOW.'),
});

export const redemptionSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  amount: moneySchema.describe('What was taken (with allowPartial: perhaps less than asked).'),
  balanceAfter: moneySchema,
  reference: z.string().nullable(),
  createdAt: z.string(),
});

export const refundRequestSchema = z.strictObject({
  amount: positiveMoney.optional().describe('Default: what is left to refund of the redemption.'),
  reference: reference.optional(),
});

export const refundSchema = z.object({
  id: z.string(),
  redemptionId: z.string(),
  amount: moneySchema,
  balanceAfter: moneySchema,
  createdAt: z.string(),
});

export const loadRequestSchema = z.strictObject({ amount: positiveMoney, reference: reference.optional() });

export const loadSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  amount: moneySchema,
  balanceAfter: moneySchema,
  createdAt: z.string(),
});

export const LEDGER_KINDS = ['load', 'redemption', 'refund', 'payout', 'fee', 'replacement_out', 'replacement_in', 'expiry', 'adjustment'] as const;

export const transactionsQuerySchema = z.strictObject({
  limit: integerQueryField({ min: 1, max: 100, fallback: 20, description: 'Entries a page:' }),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor of the previous page.'),
});

/** One ledger entry of a card, as the transactions list answers it. */
export const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: moneySchema.describe('Signed: negative takes off the card.'),
  balanceAfter: moneySchema,
  reference: z.string().nullable().describe('Your reference, for what this API booked; null otherwise.'),
  createdAt: z.string(),
});

export const transactionsSchema = z.object({
  items: z.array(transactionSchema),
  nextCursor: z.string().nullable().describe('Pass it as cursor for the next (older) page; null on the last page.'),
});

export const blockRequestSchema = z.strictObject({ reason: z.enum(BLOCK_REASONS) });
export const unblockRequestSchema = z.strictObject({});

/** Bounds of an Idempotency-Key, which idempotency.ts checks with this same schema. */
export const idempotencyKeyField = z.string().min(1).max(255);

/** The Idempotency-Key header every POST needs (checked before the body: idempotency.ts). */
export const idempotencyHeaders = z.object({
  'idempotency-key': idempotencyKeyField.describe(
    '1 to 255 characters, unique per operation; a retry sends the same. Kept at least 24 hours. Missing or longer: 400 IDEMPOTENCY_KEY_REQUIRED.',
  ),
});

