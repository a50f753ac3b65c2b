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
