import type { Db } from '../db/database.js';
import { type LiabilityRow, liabilityAt } from '../reports/liability.js';
import { reportBrandId } from './report-scope.js';

export type { LiabilityRow } from '../reports/liability.js';

/**
 * `tessera reports liability [--at DATE] [--brand CODE]`: what Tessera owes on open balances at a
 * moment, per brand and asset: the sum of every ledger entry created at or before it, as the back
 * office's liability report sums it (reports/liability.ts).
 */
export async function reportLiability(deps: { db: Db }, input: { at: Date; brand?: string }): Promise<LiabilityRow[]> {
  const brandId = await reportBrandId(deps.db, input.brand);
  return liabilityAt(deps.db, { at: input.at, ...(brandId && { brandId }) });
}
