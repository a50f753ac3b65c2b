import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { LedgerEntriesTable } from '../db/schema.js';
import { amsterdamDay, amsterdamDayStart, nextDay } from '../domain/report-period.js';
import { reportBrandId } from './report-scope.js';

export interface ActivityRow {
  /** The Europe/Amsterdam day, yyyy-mm-dd. */
  day: string;
  brand: string;
  asset: string;
  /** The ledger kind: load, payout, fee, replacement_in, replacement_out, expiry, adjustment, … */
  kind: LedgerEntriesTable['kind'];
  entries: number;
  /** The sum of the entries, minor units: negative for money leaving cards (payouts, fees, expiries). */
  amount: number;
}

/**
 * `tessera reports activity --from DATE --to DATE [--brand CODE]`: what moved on the cards per
 * Amsterdam day (both dates included), brand, asset and ledger kind: counts and sums of loads,
 * payouts and fees (and their reversals, positive), replacements in and out, expiries,
 * adjustments. The database sums per UTC hour; each hour falls wholly in one Amsterdam day
 * (domain/report-period.ts), which is how the hours are added up to days here, with the same
 * query on SQLite and PostgreSQL.
 */
export async function reportActivity(deps: { db: Db }, input: { from: string; to: string; brand?: string }): Promise<ActivityRow[]> {
  const brandId = await reportBrandId(deps.db, input.brand);
  const start = amsterdamDayStart(input.from).toISOString();
  const end = amsterdamDayStart(nextDay(input.to)).toISOString();
  // created_at is an ISO time in UTC (yyyy-mm-ddThh:…): its first 13 characters are the hour.
  const hour = sql<string>`substr(l.created_at, 1, 13)`;
  let query = deps.db
    .selectFrom('ledger_entries as l')
    .innerJoin('cards as c', 'c.id', 'l.card_id')
    .innerJoin('brands as b', 'b.id', 'c.brand_id')
    .select((eb) => [
      'b.code as brand',
      'l.asset_code as asset',
      'l.kind as kind',
      hour.as('hour'),
      eb.fn.countAll<number | string>().as('entries'),
      eb.fn.sum<number | string>('l.amount').as('amount'),
    ])
    .where('l.created_at', '>=', start)
    .where('l.created_at', '<', end)
    .groupBy(['b.code', 'l.asset_code', 'l.kind', hour]);
  if (brandId) query = query.where('c.brand_id', '=', brandId);
  const byDay = new Map<string, ActivityRow>();
  for (const r of await query.execute()) {
    const day = amsterdamDay(new Date(`${r.hour}:00:00Z`));
    const key = `${day}\u0000${r.brand}\u0000${r.asset}\u0000${r.kind}`;
    const row = byDay.get(key) ?? { day, brand: r.brand, asset: r.asset, kind: r.kind, entries: 0, amount: 0 };
    row.entries += Number(r.entries);
    row.amount += Number(r.amount);
    byDay.set(key, row);
  }
  const order = (a: ActivityRow, b: ActivityRow) => a.day.localeCompare(b.day) || a.brand.localeCompare(b.brand) || a.asset.localeCompare(b.asset) || a.kind.localeCompare(b.kind);
  return [...byDay.values()].sort(order);
}
