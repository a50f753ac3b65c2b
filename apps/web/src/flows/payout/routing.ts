import type { PayoutBalance } from '@tessera/contracts';

export type PayoutStartRoute = 'amount' | 'noBalance' | 'insufficientBalance';

/**
 * Where a found card goes (docs/product/payout.md#screens): payout above 0 → amount; no
 * payoutBalance → nobalance; payout 0 on a balance of exactly 0 → nobalance; anything else (payout
 * 0 or below with money left, i.e. the fee eats it all) → unsufficientbalance.
 */
export function payoutStartRoute(card: { payoutBalance?: PayoutBalance }): PayoutStartRoute {
  const balance = card.payoutBalance;
  if (!balance) return 'noBalance';
  if (balance.payout > 0) return 'amount';
  if (balance.payout === 0 && balance.balance === 0) return 'noBalance';
  return 'insufficientBalance';
}

export type PayoutCallbackOutcome = 'success' | 'cancelled' | 'alreadyRegistered' | 'alreadyPaidOut' | 'failed';
