import { z } from 'zod';
import { assetCodeField, cardNumberField, minorUnits, secretField } from './common.js';

/*
 * What the cardholder sees of a card beyond its balance: its latest ledger entries, and blocking it
 * when it is lost.
 */

/** The kinds of ledger entry a card's history lists, as the brand API names them. */
export const TRANSACTION_KINDS = ['load', 'redemption', 'refund', 'payout', 'fee', 'replacement_out', 'replacement_in', 'expiry', 'adjustment'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** How many of a card's latest entries the gift card answer and the VISA account list. */
export const CARD_HISTORY_LENGTH = 10;

/** Money as the API answers it: minor units (signed where it is a change) and an ISO 4217 code. */
export const moneySchema = z.object({ value: minorUnits, assetCode: assetCodeField });
export type Money = z.infer<typeof moneySchema>;

/**
 * One ledger entry of a card: what happened (`kind`), the signed amount (a load is positive, a
 * redemption, payout or fee negative) and when (ISO 8601 date-time, UTC).
 */
export const cardTransactionSchema = z.object({
  kind: z.enum(TRANSACTION_KINDS),
  amount: moneySchema,
  createdAt: z.string(),
});
export type CardTransaction = z.infer<typeof cardTransactionSchema>;

/** A card's latest entries, newest first, at most CARD_HISTORY_LENGTH; empty for a card without any. */
export const cardTransactionsSchema = z.array(cardTransactionSchema).max(CARD_HISTORY_LENGTH);

/**
 * POST /api/cards/block (x-flow-type BALANCE for a gift card, VISA for a Visa card): the owner
 * blocks a lost card. `code` is the brand's code (as in the gift card lookup), `securityCode` the
 * gift card's security code or the Visa card's passcode. Order of checks: brand (404
 * THEME_NOT_FOUND), x-flow-type (400 VALIDATION_ERROR), flow offered (403 FLOW_UNAVAILABLE), body
 * (400 VALIDATION_ERROR), card and secret under the guessing limits (404 CARD_NOT_FOUND, never
 * saying which part was wrong; 400 TOO_MANY_REQUESTS). Blocking a card that is already blocked
 * answers the same (the first block's time). Afterwards the card answers as an unknown card in
 * every flow, except that REPLACE still moves a gift card's balance to a new card.
 */
export const blockCardRequestSchema = z.object({
  code: z.string().min(1).max(64),
  cardNumber: cardNumberField,
  securityCode: secretField,
});
export type BlockCardRequest = z.input<typeof blockCardRequestSchema>;

/**
 * The blocked card: `blockedAt` is when it was first blocked (ISO 8601, UTC). `replaceUrl`
 * (`/{slug}/replace`) for a gift card when the brand offers REPLACE, where its balance moves to a
 * new card.
 */
export const blockCardResultSchema = z.object({
  state: z.literal('blocked'),
  blockedAt: z.string(),
  replaceUrl: z.string().optional(),
});
export type BlockCardResult = z.infer<typeof blockCardResultSchema>;
