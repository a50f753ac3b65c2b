import { z } from 'zod';
import { cardTransactionsSchema } from './cards.js';
import { assetCodeField, captchaField, cardNumberField, minorUnits, secretField } from './common.js';

/** POST /api/GiftCard/ (x-flow-type BALANCE or IDENTIFY): `code` is the brand's code. */
export const giftCardLookupRequestSchema = z.object({
  code: z.string().min(1).max(64),
  giftCardNumber: cardNumberField,
  pinCode: secretField,
  'g-recaptcha-response': captchaField,
  showResetUrl: z.boolean().optional(),
});
export type GiftCardLookupRequest = z.input<typeof giftCardLookupRequestSchema>;

export const balanceSchema = z.object({
  quantity: z.object({ value: minorUnits, assetCode: assetCodeField }),
});
export type Balance = z.infer<typeof balanceSchema>;

export const payoutBalanceSchema = z.object({
  balance: minorUnits,
  fee: minorUnits,
  payout: minorUnits,
  assetCode: assetCodeField,
});
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>;

/** The gift card as every lookup answers it; `code` is the card number the cardholder typed. */
export const giftCardSchema = z.object({
  code: z.string(),
  /** ISO date (yyyy-mm-dd) or null for a card without expiry. */
  expiresAt: z.string().nullable(),
  balances: z.array(balanceSchema),
  payoutBalance: payoutBalanceSchema.optional(),
  /** Present when showResetUrl was asked and the brand offers RESET. */
  resetUrl: z.string().optional(),
  /** The card's latest ledger entries, newest first (at most CARD_HISTORY_LENGTH). */
  transactions: cardTransactionsSchema,
});
export type GiftCard = z.infer<typeof giftCardSchema>;
