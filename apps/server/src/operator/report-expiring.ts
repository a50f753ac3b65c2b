import { maskCardNumber } from '@tessera/contracts';
import type { Db } from '../db/database.js';
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
  let query = deps.db
    .selectFrom('cards as c')
    .innerJoin('brands as b', 'b.id', 'c.brand_id')
    .innerJoin('ledger_entries as l', 'l.card_id', 'c.id')
    .select((eb) => [
      'b.code as brand',
      'c.number_last3 as last3',
      'c.expires_at as expires_at',
      'c.blocked_at as blocked_at',
      'l.asset_code as asset',
      eb.fn.sum<number | string>('l.amount').as('balance'),
    ])
    .where('c.expires_at', 'is not', null)
    .where('c.expires_at', '>=', from)
    .where('c.expires_at', '<', before)
    .groupBy(['c.id', 'b.code', 'c.number_last3', 'c.expires_at', 'c.blocked_at', 'l.asset_code'])
    .having((eb) => eb.fn.sum('l.amount'), '>', 0)
    .orderBy('b.code')
    .orderBy('c.expires_at')
    .orderBy('c.id');
  if (brandId) query = query.where('c.brand_id', '=', brandId);
  const rows = await query.execute();
  return rows.map((r) => ({ brand: r.brand, card: maskCardNumber(r.last3), expiresAt: r.expires_at!, asset: r.asset, balance: Number(r.balance), blocked: r.blocked_at !== null }));
}
