import { maskCardNumber } from '@tessera/contracts';
import type { Db } from '../db/database.js';
import { listExpiringBalances } from '../db/repositories/reports.js';
import { amsterdamDay, nextDay } from '../domain/report-period.js';
import { reportBrandId } from './report-scope.js';

export interface ExpiringRow {
  brand: string;
  card: string;
  expiresAt: string;
  asset: string;
  balance: number;
  blocked: boolean;
}

/**
 * `tessera reports expiring --within DAYS [--brand CODE]`: cards whose validity ends from today up
 * to DAYS days ahead (`expires_at`, Amsterdam days) and that still hold a balance above zero, per brand, soonest
 * first: whom a brand may want to remind before the balance expires. Numbers masked.
 */
export async function reportExpiring(deps: { db: Db; now: () => Date }, input: { withinDays: number; brand?: string }): Promise<ExpiringRow[]> {
  const brandId = await reportBrandId(deps.db, input.brand);
  // Days are Amsterdam calendar days, as in every report (domain/report-period.ts): today up to
  // and including the DAYSth day after it. expires_at is a date or a time (import-cards: an ISO
  // date); both compare as text with these dates.
  const from = amsterdamDay(deps.now());
  let last = from;
  for (let day = 0; day < input.withinDays; day++) last = nextDay(last);
  const before = nextDay(last);
  const rows = await listExpiringBalances(deps.db, { from, before, ...(brandId && { brandId }) });
  return rows.map((r) => ({ brand: r.brand, card: maskCardNumber(r.last3), expiresAt: r.expiresAt, asset: r.asset, balance: r.balance, blocked: r.blocked }));
}
