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

/**
 * The sum of every ledger entry of a brand's cards created before `before`, per asset: where a
 * series of daily balances starts. Read from the ledger's time index (021) joined to the cards.
 */
export async function sumLedgerBefore(db: Executor, filter: { before: string; brandId: string }): Promise<{ asset: string; amount: number }[]> {
  const rows = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('cards as c', 'c.id', 'l.card_id')
    .select((eb) => ['l.asset_code as asset', eb.fn.sum<number | string>('l.amount').as('amount')])
    .where('l.created_at', '<', filter.before)
    .where('c.brand_id', '=', filter.brandId)
    .groupBy('l.asset_code')
    .orderBy('l.asset_code')
    .execute();
  return rows.map((r) => ({ asset: r.asset, amount: Number(r.amount) }));
}

/**
 * Balances above zero on a brand's cards expiring from `from` up to (not including) the last of
 * `before` (ascending dates, yyyy-mm-dd), summed per asset and per window: `window` is the index
 * of the first date in `before` the expiry is earlier than. One row per asset and window that
 * holds any card.
 */
export async function sumExpiringBalances(
  db: Executor,
  filter: { from: string; before: readonly string[]; brandId: string },
): Promise<{ asset: string; window: number; balance: number; cards: number }[]> {
  if (filter.before.length === 0) return [];
  const perCard = db
    .selectFrom('cards as c')
    .innerJoin('ledger_entries as l', 'l.card_id', 'c.id')
    .select((eb) => ['c.expires_at as expires_at', 'l.asset_code as asset_code', eb.fn.sum<number | string>('l.amount').as('total')])
    .where('c.brand_id', '=', filter.brandId)
    .where('c.expires_at', '>=', filter.from)
    .where('c.expires_at', '<', filter.before.at(-1)!)
    .groupBy(['c.id', 'c.expires_at', 'l.asset_code'])
    .having((eb) => eb.fn.sum('l.amount'), '>', 0);
  const rows = await db
    .selectFrom(perCard.as('p'))
    .select((eb) => {
      // The window of each card: 0 for the first limit its expiry is before, 1 for the next, ….
      let windowOf = eb.case().when('p.expires_at', '<', filter.before[0]!).then(0);
      for (let i = 1; i < filter.before.length; i++) windowOf = windowOf.when('p.expires_at', '<', filter.before[i]!).then(i);
      const window = windowOf.end();
      return ['p.asset_code as asset', window.as('window'), eb.fn.sum<number | string>('p.total').as('balance'), eb.fn.countAll<number | string>().as('cards')];
    })
    .groupBy(['p.asset_code', 'window'])
    .orderBy('p.asset_code')
    .orderBy('window')
    .execute();
  return rows.map((r) => ({ asset: r.asset, window: Number(r.window), balance: Number(r.balance), cards: Number(r.cards) }));
}

/**
 * Audit events of a brand of the given types and outcomes from `start` up to (not including)
 * `end`, counted per UTC hour (yyyy-mm-ddThh) and type: what the customers did that moved no
 * money (a lookup, an activation). Read by the audit trail's brand and time index (018).
 */
export async function countAuditEventsByHour(
  db: Executor,
  filter: { start: string; end: string; brandId: string; events: readonly { type: string; outcome: string }[] },
): Promise<{ hour: string; type: string; count: number }[]> {
  if (filter.events.length === 0) return [];
  const hour = sql<string>`substr(a.occurred_at, 1, 13)`;
  const rows = await db
    .selectFrom('audit_events as a')
    .select((eb) => ['a.type as type', hour.as('hour'), eb.fn.countAll<number | string>().as('count')])
    .where('a.brand_id', '=', filter.brandId)
    .where('a.occurred_at', '>=', filter.start)
    .where('a.occurred_at', '<', filter.end)
    .where((eb) => eb.or(filter.events.map((e) => eb.and([eb('a.type', '=', e.type), eb('a.outcome', '=', e.outcome)]))))
    .groupBy(['a.type', hour])
    .execute();
  return rows.map((r) => ({ hour: r.hour, type: r.type, count: Number(r.count) }));
}
