import type { Db } from '../db/database.js';
import { type ActivityRow, ledgerActivityByDay } from '../reports/activity.js';
import { reportBrandId } from './report-scope.js';

export type { ActivityRow } from '../reports/activity.js';

/**
 * `tessera reports activity --from DATE --to DATE [--brand CODE]`: what moved on the cards per
 * Amsterdam day (both dates included), brand, asset and ledger kind: counts and sums of loads,
 * payouts and fees (and their reversals, positive), replacements in and out, expiries,
 * adjustments. The same figures as the back office's activity report (reports/activity.ts).
 */
export async function reportActivity(deps: { db: Db }, input: { from: string; to: string; brand?: string }): Promise<ActivityRow[]> {
  const brandId = await reportBrandId(deps.db, input.brand);
  return ledgerActivityByDay(deps.db, { from: input.from, to: input.to, ...(brandId && { brandId }) });
}
