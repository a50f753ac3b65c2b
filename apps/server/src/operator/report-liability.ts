import type { Db } from '../db/database.js';
import { sumOutstandingBalances } from '../db/repositories/reports.js';
import { reportBrandId } from './report-scope.js';

export interface LiabilityRow {
  brand: string;
  asset: string;
  /** The outstanding balance: the sum of the ledger entries of the brand's cards in this asset, minor units. */
  balance: number;
  /** Cards with a balance above zero in this asset at that moment. */
  cardsWithBalance: number;
}

/**
 * `tessera reports liability [--at DATE] [--brand CODE]`: what Tessera owes on open balances at a
 * moment, per brand and asset: the sum of every ledger entry created at or before it (a balance
 * is the sum of a card's entries, domain/ledger.ts), so it equals the ledger's own sums by
 * construction. Summed in the database: the ledger is never loaded whole.
 */
export async function reportLiability(deps: { db: Db }, input: { at: Date; brand?: string }): Promise<LiabilityRow[]> {
  const brandId = await reportBrandId(deps.db, input.brand);
  return sumOutstandingBalances(deps.db, { at: input.at.toISOString(), ...(brandId && { brandId }) });
}
