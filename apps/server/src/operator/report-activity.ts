import type { Db } from '../db/database.js';
import { sumLedgerByHour } from '../db/repositories/reports.js';
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
  const hours = await sumLedgerByHour(deps.db, { start, end, ...(brandId && { brandId }) });
  const byDay = new Map<string, ActivityRow>();
  for (const r of hours) {
    const day = amsterdamDay(new Date(`${r.hour}:00:00Z`));
    const key = `${day}\u0000${r.brand}\u0000${r.asset}\u0000${r.kind}`;
    const row = byDay.get(key) ?? { day, brand: r.brand, asset: r.asset, kind: r.kind, entries: 0, amount: 0 };
    row.entries += r.entries;
    row.amount += r.amount;
    byDay.set(key, row);
  }
  const order = (a: ActivityRow, b: ActivityRow) => a.day.localeCompare(b.day) || a.brand.localeCompare(b.brand) || a.asset.localeCompare(b.asset) || a.kind.localeCompare(b.kind);
  return [...byDay.values()].sort(order);
}
