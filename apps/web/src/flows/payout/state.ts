import { payoutRoutes, type PayoutCustomerResponse } from '@tessera/contracts';
import { useFlowStore, type FlowStore } from '../../lib/flowState';
import { maskedCardFlowStore, type CardSecret, type MaskedCard } from '../../lib/maskedCard';
import { pageMemory } from '../../lib/pageMemory';
import type { ResultFlow } from '../../components/ResultPage/useResultScreen';

export interface PayoutState {
  /** The looked-up card with its payoutBalance, as POST /api/Payout/ answered it, the number masked. */
  card: MaskedCard;
  /** Set once the customer call answered OK: what will be transferred, and to which account (masked). */
  result?: PayoutCustomerResponse;
  /**
   * Set when the customer call answered 409 IDEMPOTENCY_CONFLICT: the card was already paid out
   * with other details (another IBAN). The already-registered screen then says so.
   */
  alreadyPaidOut?: true;
}

/**
 * The flow's state per brand: memory + sessionStorage, so a reload keeps it (never the URL). It
 * holds no secret (docs/security.md#browser-storage): the card masked, the answers as the server
 * gave them (the IBAN masked). The card number, the security code and the IBAN are in page memory
 * only, below, until the session call binds them to the identity session; after the trip to the
 * bank the page knows only the masked card (the localStorage entry, identityEntry.ts).
 */
export function payoutStore(slug: string): FlowStore<PayoutState> {
  return maskedCardFlowStore<PayoutState>('payout', slug);
}

export function usePayoutState(slug: string): PayoutState | null {
  return useFlowStore(payoutStore(slug));
}

export interface PayoutSecret extends CardSecret {
  /** The IBAN last typed on the amount screen (letters and digits, upper case). */
  bankAccountNumber?: string;
}

/** The card's number and security code (and the IBAN typed), in this page's memory only. */
export const payoutSecret = pageMemory<PayoutSecret>();

/**
 * Retry and new payment (docs/product/payout.md): the held card data goes, and the flow starts
 * again.
 */
export function clearPayout(slug: string): void {
  payoutSecret.clear(slug);
  payoutStore(slug).clear();
}

/** The flow as its result screens see it (components/ResultPage). */
export const payoutResult: ResultFlow<PayoutState> = { useState: usePayoutState, start: payoutRoutes.start.path, clear: clearPayout };
