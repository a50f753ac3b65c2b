import { maskCardNumber, type Balance, type GiftCard, type PayoutBalance } from '@tessera/contracts';
import { flowStore, type FlowStore } from './flowState';

/**
 * A looked-up card as the screens after the lookup show it, and as it may be kept in browser
 * storage (docs/security.md#browser-storage): the number masked (16 X + the last 3), the
 * balances, and PAYOUT's payout breakdown. Never the number itself.
 */
export interface MaskedCard {
  maskedNumber: string;
  expiresAt: string | null;
  balances: Balance[];
  payoutBalance?: PayoutBalance;
}

export function maskedCardOf(card: GiftCard): MaskedCard {
  return {
    maskedNumber: maskCardNumber(card.code),
    expiresAt: card.expiresAt,
    balances: card.balances,
    ...(card.payoutBalance && { payoutBalance: card.payoutBalance }),
  };
}

/** The shape of a masked number: every character but the last 3 hidden, so nothing of a number beyond what the screens show. */
const MASKED = /^X{16}[0-9A-Za-z]{3}$/;

export function isMaskedCard(value: unknown): value is MaskedCard {
  if (!value || typeof value !== 'object') return false;
  const card = value as Partial<MaskedCard>;
  return typeof card.maskedNumber === 'string' && MASKED.test(card.maskedNumber) && Array.isArray(card.balances);
}

/**
 * The looked-up card's number as the lookup answered it (what was typed, without spaces) and its
 * security code: a secret, so in page memory only, never in storage.
 */
export interface CardSecret {
  cardNumber: string;
  securityCode: string;
}

/**
 * The store of a flow that keeps the looked-up card masked (docs/security.md#browser-storage). A
 * stored state without a masked card (an earlier version stored the card with its number) is
 * dropped.
 */
export function maskedCardFlowStore<T extends { card: MaskedCard }>(flow: string, slug: string): FlowStore<T> {
  return flowStore<T>(flow, slug, (value) => isMaskedCard((value as Partial<T>).card));
}
