import type { Db } from '../db/database.js';
import { type ExpiringRow, expiringCards } from '../reports/expiring.js';
import { reportBrandId } from './report-scope.js';

export type { ExpiringRow } from '../reports/expiring.js';

/**
 * `tessera reports expiring --within DAYS [--brand CODE]`: cards whose validity ends from today up
 * to DAYS days ahead (`expires_at`, Amsterdam days) and that still hold a balance above zero, per brand, soonest
 * first: whom a brand may want to remind before the balance expires. Numbers masked. The same
 * window as the back office's expiring report (reports/expiring.ts).
 */
export async function reportExpiring(deps: { db: Db; now: () => Date }, input: { withinDays: number; brand?: string }): Promise<ExpiringRow[]> {
  const brandId = await reportBrandId(deps.db, input.brand);
  return expiringCards(deps, { withinDays: input.withinDays, ...(brandId && { brandId }) });
}
