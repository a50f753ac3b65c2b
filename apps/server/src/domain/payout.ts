/** What a payout pays: the balance minus the brand's fee, never below zero. */
export interface PayoutBreakdown {
  balance: number;
  fee: number;
  payout: number;
  assetCode: string;
}

export function payoutBreakdown(balance: number, fee: number, assetCode: string): PayoutBreakdown {
  return { balance, fee, payout: Math.max(0, balance - fee), assetCode };
}

/** SEPA pays euros only. */
export const PAYOUT_ASSET = 'EUR';

/**
 * Ledger references of a payout: derived from the card and the attempt, so no path can debit one
 * attempt twice (the references are unique), and a reversal can be booked once.
 */
export const payoutReference = (cardId: string, attempt: number, part: 'payout' | 'fee', reversal = false) =>
  `payout:${cardId}:${attempt}:${part}${reversal ? ':reversal' : ''}`;

/** The EndToEndId of a payout's credit transfer: 35 characters of the EPC identifier set. */
export const endToEndIdOf = (payoutId: string) => `TSR${payoutId.replace(/-/g, '')}`;

/**
 * Whether a payout's money went back onto the card: it failed (refused, or stopped before export),
 * the bank returned it after paying (`returned`), or staff rejected it after it was held
 * (`rejected`). Such a payout no longer counts as the card's payout: the cardholder may ask again
 * (a new attempt).
 */
export const isCreditedBack = (status: string) => status === 'failed' || status === 'returned' || status === 'rejected';

/** The statuses isCreditedBack answers true for, for queries. */
export const CREDITED_BACK_STATUSES = ['failed', 'returned', 'rejected'] as const;
