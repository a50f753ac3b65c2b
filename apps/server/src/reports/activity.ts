import type { Db } from '../db/database.js';
import { countAuditEventsByHour, sumLedgerByHour } from '../db/repositories/reports.js';
import type { LedgerEntriesTable } from '../db/schema.js';
import { amsterdamDay, amsterdamDayStart, nextDay } from '../domain/report-period.js';

/**
 * Activity per Amsterdam day, shared by `tessera reports activity` and the back office's report.
 * The database counts and sums per UTC hour; each hour falls wholly in one Amsterdam day
 * (domain/report-period.ts), which is how the hours are added up to days here, with the same
 * query on SQLite and PostgreSQL.
 */

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

/** The UTC moments an Amsterdam period (both days included) starts and ends (exclusive). */
export function periodBounds(from: string, to: string): { start: string; end: string } {
  return { start: amsterdamDayStart(from).toISOString(), end: amsterdamDayStart(nextDay(to)).toISOString() };
}

/** The Amsterdam day of a UTC hour as the database names it (yyyy-mm-ddThh). */
export const dayOfHour = (hour: string): string => amsterdamDay(new Date(`${hour}:00:00Z`));

/**
 * dayOfHour for the hours of a period (`from` and `to` included), from the first hour of each of
 * its days: one time-zone lookup per day rather than per hour. A year's hours from the roll-up are
 * 8 760 rows per kind, and a lookup per row cost more than the query that read them.
 */
export function daysOfHours(from: string, to: string): (hour: string) => string {
  const firstHours: string[] = [];
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    firstHours.push(amsterdamDayStart(day).toISOString().slice(0, 13));
    days.push(day);
  }
  const endHour = amsterdamDayStart(nextDay(to)).toISOString().slice(0, 13);
  return (hour) => {
    // An hour outside the period (none is asked for) is looked up on its own.
    if (firstHours.length === 0 || hour < firstHours[0]! || hour >= endHour) return dayOfHour(hour);
    let [low, high] = [0, firstHours.length - 1];
    // The last day whose first hour is at or before `hour`.
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (firstHours[mid]! <= hour) low = mid;
      else high = mid - 1;
    }
    return days[low]!;
  };
}

/**
 * The ledger's entries per Amsterdam day (`from` and `to` included), brand, asset and kind: their
 * number and sum, ordered by day, brand, asset and kind. No brand: every brand.
 */
export async function ledgerActivityByDay(db: Db, input: { from: string; to: string; brandId?: string }): Promise<ActivityRow[]> {
  const hours = await sumLedgerByHour(db, { ...periodBounds(input.from, input.to), ...(input.brandId && { brandId: input.brandId }) });
  const dayOf = daysOfHours(input.from, input.to);
  const byDay = new Map<string, ActivityRow>();
  for (const r of hours) {
    const day = dayOf(r.hour);
    const key = `${day}\u0000${r.brand}\u0000${r.asset}\u0000${r.kind}`;
    const row = byDay.get(key) ?? { day, brand: r.brand, asset: r.asset, kind: r.kind, entries: 0, amount: 0 };
    row.entries += r.entries;
    row.amount += r.amount;
    byDay.set(key, row);
  }
  const order = (a: ActivityRow, b: ActivityRow) => a.day.localeCompare(b.day) || a.brand.localeCompare(b.brand) || a.asset.localeCompare(b.asset) || a.kind.localeCompare(b.kind);
  return [...byDay.values()].sort(order);
}

/**
 * The audit events that count as a customer's activity without money: a successful balance
 * lookup or Visa sign-in is a lookup; a Visa card's holder review that made it active (the only
 * `visa.holder_update` with the outcome `success`; a repeat answers `unchanged`) an activation.
 */
const CUSTOMER_EVENTS = {
  lookup: [
    { type: 'giftcard.lookup', outcome: 'success' },
    { type: 'visa.login', outcome: 'success' },
  ],
  activation: [{ type: 'visa.holder_update', outcome: 'success' }],
} as const;

export type CustomerEventKind = keyof typeof CUSTOMER_EVENTS;

/** A brand's customer lookups and activations per Amsterdam day (`from` and `to` included), by day and kind. */
export async function customerEventsByDay(db: Db, input: { from: string; to: string; brandId: string }): Promise<{ day: string; kind: CustomerEventKind; count: number }[]> {
  const kindOf = new Map<string, CustomerEventKind>();
  for (const [kind, events] of Object.entries(CUSTOMER_EVENTS) as [CustomerEventKind, readonly { type: string }[]][]) for (const e of events) kindOf.set(e.type, kind);
  const hours = await countAuditEventsByHour(db, { ...periodBounds(input.from, input.to), brandId: input.brandId, events: Object.values(CUSTOMER_EVENTS).flat() });
  const dayOf = daysOfHours(input.from, input.to);
  const byDay = new Map<string, { day: string; kind: CustomerEventKind; count: number }>();
  for (const r of hours) {
    const day = dayOf(r.hour);
    const kind = kindOf.get(r.type)!;
    const key = `${day}\u0000${kind}`;
    const row = byDay.get(key) ?? { day, kind, count: 0 };
    row.count += r.count;
    byDay.set(key, row);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day) || a.kind.localeCompare(b.kind));
}
