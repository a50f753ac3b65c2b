import { sql } from 'kysely';
import { isPostgres } from '../database.js';
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
 * Ledger entries from `start` up to (not including) `end` (whole UTC hours), counted and summed
 * per UTC hour, brand, asset and kind (`hour`: yyyy-mm-ddThh); the caller folds the hours into
 * its days. The hours the roll-up has counted come from ledger_hours, the entries it has not
 * counted yet (insertion sequence above counted_to: the latest ones, and any written late with
 * an earlier time) from the ledger, in one statement, so both halves are of one snapshot: an
 * entry is in exactly one of them.
 */
export async function sumLedgerByHour(
  db: Executor,
  filter: { start: string; end: string; brandId?: string },
): Promise<{ hour: string; brand: string; asset: string; kind: LedgerEntriesTable['kind']; entries: number; amount: number }[]> {
  const [startHour, endHour] = [hourOf(filter.start), hourOf(filter.end)];
  const counted = await ledgerCountedTo(db);
  const seq = seqOf(db);
  // created_at is an ISO time in UTC (yyyy-mm-ddThh:…): its first 13 characters are the hour.
  const { rows } = await sql<{ hour: string; brand: string; asset: string; kind: LedgerEntriesTable['kind']; entries: number | string; amount: number | string }>`
    select b.code as brand, u.asset_code as asset, u.kind as kind, u.hour as hour, sum(u.entries) as entries, sum(u.amount) as amount
      from (
        select h.brand_id, h.hour, h.asset_code, h.kind, h.entries, h.amount
          from ledger_hours h
         where h.hour >= ${startHour} and h.hour < ${endHour} ${filter.brandId ? sql`and h.brand_id = ${filter.brandId}` : sql``}
        union all
        select c.brand_id, substr(l.created_at, 1, 13), l.asset_code, l.kind, count(*), sum(l.amount)
          from ledger_entries l join cards c on c.id = l.card_id
         where ${uncounted(seq, counted)} and l.created_at >= ${filter.start} and l.created_at < ${filter.end}
               ${filter.brandId ? sql`and c.brand_id = ${filter.brandId}` : sql``}
         group by c.brand_id, substr(l.created_at, 1, 13), l.asset_code, l.kind
      ) u
      join brands b on b.id = u.brand_id
     group by b.code, u.asset_code, u.kind, u.hour
  `.execute(db);
  return rows.map((r) => ({ hour: r.hour, brand: r.brand, asset: r.asset, kind: r.kind, entries: Number(r.entries), amount: Number(r.amount) }));
}

/**
 * The entries the roll-up had not counted when this statement's snapshot was taken: above the
 * counted_to it reads itself (what ledger_hours holds in the same snapshot). `counted`, read just
 * before, is the same or lower (counted_to only rises) and lets the planner see a short range of
 * the insertion sequence's index rather than guess at a subquery.
 */
function uncounted(seq: ReturnType<typeof seqOf>, counted: number) {
  return sql`${seq} > ${counted} and ${seq} > ${countedToNow}`;
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
 * The sum of every ledger entry of a brand's cards created before `before` (a whole UTC hour),
 * per asset: where a series of daily balances starts. The counted hours from ledger_hours, the
 * rest from the ledger, in one statement (as sumLedgerByHour).
 */
export async function sumLedgerBefore(db: Executor, filter: { before: string; brandId: string }): Promise<{ asset: string; amount: number }[]> {
  const beforeHour = hourOf(filter.before);
  const counted = await ledgerCountedTo(db);
  const { rows } = await sql<{ asset: string; amount: number | string }>`
    select u.asset_code as asset, sum(u.amount) as amount
      from (
        select h.asset_code, h.amount from ledger_hours h where h.brand_id = ${filter.brandId} and h.hour < ${beforeHour}
        union all
        select l.asset_code, l.amount
          from ledger_entries l join cards c on c.id = l.card_id
         where ${uncounted(seqOf(db), counted)} and l.created_at < ${filter.before} and c.brand_id = ${filter.brandId}
      ) u
     group by u.asset_code
     order by u.asset_code
  `.execute(db);
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

// The hourly roll-up of the ledger (migration 025, reports/ledger-rollup.ts). An entry is in
// ledger_hours exactly when its insertion sequence is at or below report_rollups.counted_to;
// the reports add the rest from the ledger itself.

/** The ledger's insertion sequence: PostgreSQL's `seq` column, SQLite's rowid (migration 025). */
const seqOf = (db: Executor) => (isPostgres(db) ? sql<number>`l.seq` : sql<number>`l.rowid`);

const countedToNow = sql<number>`(select counted_to from report_rollups where name = 'ledger')`;

/** The UTC hour of a whole-hour ISO time (yyyy-mm-ddThh:00:00.000Z): the roll-up cannot split an hour. */
function hourOf(at: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:00:00(\.000)?Z$/.test(at)) throw new Error(`a report period starts and ends on a whole UTC hour, not at ${at}`);
  return at.slice(0, 13);
}

/** How far the roll-up has counted: every entry with an insertion sequence at or below it is in ledger_hours. */
export async function ledgerCountedTo(db: Executor, options: { forUpdate?: boolean } = {}): Promise<number> {
  const query = db.selectFrom('report_rollups').select('counted_to').where('name', '=', 'ledger');
  const row = await (options.forUpdate && isPostgres(db) ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return Number(row.counted_to);
}

/**
 * The largest insertion number the ledger shows now and (PostgreSQL) the transactions writing to
 * the ledger at that moment (their virtual ids): the writers of every smaller number that is not
 * visible yet are among them. A writer holds the table's ROW EXCLUSIVE lock from before it draws
 * its number until it ends, and numbers rise in time (migration 025), so a number below one this
 * snapshot shows was drawn before it, by a transaction that committed before it or still holds
 * the lock when pg_locks is read (a live view, read after the snapshot in the same statement).
 * The ledger's writers only: a long transaction elsewhere in the cluster is not waited for.
 */
export async function ledgerMark(db: Executor): Promise<{ upTo: number; running: string[] }> {
  if (!isPostgres(db)) {
    const { rows } = await sql<{ upTo: number | null }>`select max(rowid) as "upTo" from ledger_entries`.execute(db);
    return { upTo: Number(rows[0]?.upTo ?? 0), running: [] };
  }
  const { rows } = await sql<{ upTo: string | null; running: string[] }>`
    select (select max(seq) from ledger_entries) as "upTo",
           array(select distinct virtualtransaction from pg_locks
                  where locktype = 'relation' and relation = 'ledger_entries'::regclass and mode = 'RowExclusiveLock' and pid <> pg_backend_pid()) as "running"
  `.execute(db);
  return { upTo: Number(rows[0]?.upTo ?? 0), running: rows[0]?.running ?? [] };
}

/** How many of these transactions (PostgreSQL virtual ids, which each holds a lock on until it ends) are still running. */
export async function countRunningTransactions(db: Executor, virtualIds: readonly string[]): Promise<number> {
  if (virtualIds.length === 0 || !isPostgres(db)) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(distinct virtualxid)::int as n from pg_locks where locktype = 'virtualxid' and virtualxid = any(${[...virtualIds]}::text[])
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Adds the ledger entries with an insertion sequence above `after` and at or below `upTo` to
 * ledger_hours and raises counted_to to `upTo`, in the caller's transaction (which holds the
 * roll-up's row: ledgerCountedTo forUpdate, or SQLite's write lock). Answers the entries added.
 */
export async function addToLedgerHours(db: Executor, range: { after: number; upTo: number; at: string }): Promise<number> {
  const seq = seqOf(db);
  const { rows } = await sql<{ n: number | string | null }>`
    select count(*) as n from ledger_entries l where ${seq} > ${range.after} and ${seq} <= ${range.upTo}
  `.execute(db);
  await sql`
    insert into ledger_hours (brand_id, hour, asset_code, kind, entries, amount)
    select c.brand_id, substr(l.created_at, 1, 13), l.asset_code, l.kind, count(*), sum(l.amount)
      from ledger_entries l join cards c on c.id = l.card_id
     where ${seq} > ${range.after} and ${seq} <= ${range.upTo}
     group by c.brand_id, substr(l.created_at, 1, 13), l.asset_code, l.kind
    on conflict (brand_id, hour, asset_code, kind)
    do update set entries = ledger_hours.entries + excluded.entries, amount = ledger_hours.amount + excluded.amount
  `.execute(db);
  // Only ever raised: a report that read an earlier counted_to still adds the right entries (sumLedgerByHour).
  await db.updateTable('report_rollups').set({ counted_to: range.upTo, updated_at: range.at }).where('name', '=', 'ledger').where('counted_to', '<', range.upTo).execute();
  return Number(rows[0]?.n ?? 0);
}
