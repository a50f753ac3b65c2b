import { sql } from 'kysely';
import type { LedgerEntriesTable } from '../schema.js';
import type { Executor } from './executor.js';

// The reports' sums over the ledger. PostgreSQL answers SUM and COUNT as bigint strings: every
// figure is made a number here.

/**
 * What the brands owe their cardholders at `at`: per brand and asset, the sum of the ledger
 * entries of its cards up to then, and how many cards held more than zero.
 */
export async function sumOutstandingBalances(db: Executor, filter: { at: string; brandId?: string }): Promise<{ brand: string; asset: string; balance: number; cardsWithBalance: number }[]> {
  let perCard = db
    .selectFrom('ledger_entries as l')
    .innerJoin('cards as c', 'c.id', 'l.card_id')
    .select((eb) => ['c.brand_id as brand_id', 'l.asset_code as asset_code', eb.fn.sum<number | string>('l.amount').as('total')])
    .where('l.created_at', '<=', filter.at)
    .groupBy(['l.card_id', 'c.brand_id', 'l.asset_code']);
  if (filter.brandId) perCard = perCard.where('c.brand_id', '=', filter.brandId);
  const rows = await db
    .selectFrom(perCard.as('p'))
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select((eb) => [
      'b.code as brand',
      'p.asset_code as asset',
      eb.fn.sum<number | string>('p.total').as('balance'),
      eb.fn.sum<number | string>(eb.case().when('p.total', '>', 0).then(1).else(0).end()).as('cards'),
    ])
    .groupBy(['b.code', 'p.asset_code'])
    .orderBy('b.code')
    .orderBy('p.asset_code')
    .execute();
  return rows.map((r) => ({ brand: r.brand, asset: r.asset, balance: Number(r.balance), cardsWithBalance: Number(r.cards) }));
}

/**
 * Ledger entries from `start` up to (not including) `end`, counted and summed per UTC hour, brand,
 * asset and kind (`hour`: yyyy-mm-ddThh); the caller folds the hours into its days.
 */
export async function sumLedgerByHour(
  db: Executor,
  filter: { start: string; end: string; brandId?: string },
): Promise<{ hour: string; brand: string; asset: string; kind: LedgerEntriesTable['kind']; entries: number; amount: number }[]> {
  // created_at is an ISO time in UTC (yyyy-mm-ddThh:…): its first 13 characters are the hour.
  const hour = sql<string>`substr(l.created_at, 1, 13)`;
  let query = db
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
    .where('l.created_at', '>=', filter.start)
    .where('l.created_at', '<', filter.end)
    .groupBy(['b.code', 'l.asset_code', 'l.kind', hour]);
  if (filter.brandId) query = query.where('c.brand_id', '=', filter.brandId);
  const rows = await query.execute();
  return rows.map((r) => ({ hour: r.hour, brand: r.brand, asset: r.asset, kind: r.kind, entries: Number(r.entries), amount: Number(r.amount) }));
}

/**
 * Cards expiring from `from` up to (not including) `before` (dates, yyyy-mm-dd; expires_at is a
 * date or a time, and both compare as text with them) that still hold money: one row per card and
 * asset, by brand, expiry and card.
 */
export async function listExpiringBalances(
  db: Executor,
  filter: { from: string; before: string; brandId?: string },
): Promise<{ brand: string; last3: string; expiresAt: string; blocked: boolean; asset: string; balance: number }[]> {
  let query = db
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
    .where('c.expires_at', '>=', filter.from)
    .where('c.expires_at', '<', filter.before)
    .groupBy(['c.id', 'b.code', 'c.number_last3', 'c.expires_at', 'c.blocked_at', 'l.asset_code'])
    .having((eb) => eb.fn.sum('l.amount'), '>', 0)
    .orderBy('b.code')
    .orderBy('c.expires_at')
    .orderBy('c.id');
  if (filter.brandId) query = query.where('c.brand_id', '=', filter.brandId);
  const rows = await query.execute();
  return rows.map((r) => ({ brand: r.brand, last3: r.last3, expiresAt: r.expires_at!, blocked: r.blocked_at !== null, asset: r.asset, balance: Number(r.balance) }));
}
