import { sql } from 'kysely';
import type { LedgerAmount } from '../../domain/ledger.js';
import type { ApiLedgerEntriesTable, LedgerEntriesTable, RedemptionsTable } from '../schema.js';
import type { Executor } from './executor.js';
import { preparedQuery } from '../prepared.js';

// Prepared: the statements every redemption, refund and load runs.
const insertEntry = preparedQuery((db, p: LedgerEntriesTable & Record<string, string | number>) =>
  db.insertInto('ledger_entries').values({ id: p.id, card_id: p.card_id, asset_code: p.asset_code, amount: p.amount, kind: p.kind, reference: p.reference, created_at: p.created_at }),
);
const insertApiEntry = preparedQuery((db, p: ApiLedgerEntriesTable & Record<string, string | null>) =>
  db.insertInto('api_ledger_entries').values({ entry_id: p.entry_id, card_id: p.card_id, api_key_id: p.api_key_id, reference: p.reference, redemption_id: p.redemption_id }),
);
const insertRedemptionRow = preparedQuery((db, p: Omit<RedemptionsTable, 'refunded'> & Record<string, string | number>) =>
  db.insertInto('redemptions').values({ id: p.id, card_id: p.card_id, asset_code: p.asset_code, amount: p.amount, created_at: p.created_at }),
);

/** A ledger entry booked through the brand API, with the key that booked it and the brand's reference. */
export async function insertApiLedgerEntry(db: Executor, entry: LedgerEntriesTable, api: Omit<ApiLedgerEntriesTable, 'entry_id' | 'card_id'>): Promise<void> {
  await insertEntry(db, { ...entry });
  await insertApiEntry(db, { entry_id: entry.id, card_id: entry.card_id, ...api });
}

export async function insertRedemption(db: Executor, row: Omit<RedemptionsTable, 'refunded'>): Promise<void> {
  await insertRedemptionRow(db, { ...row });
}

export interface RedemptionListing {
  id: string;
  card_id: string;
  brand_id: string;
  asset_code: string;
  amount: number;
  refunded: number;
}

export async function findRedemption(db: Executor, id: string): Promise<RedemptionListing | undefined> {
  const row = await db
    .selectFrom('redemptions as r')
    .innerJoin('cards as c', 'c.id', 'r.card_id')
    .select(['r.id', 'r.card_id', 'c.brand_id', 'r.asset_code', 'r.amount', 'r.refunded'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, amount: Number(row.amount), refunded: Number(row.refunded) };
}

/**
 * Counts a refund against its redemption, unless it would take the refunds past it: one
 * conditional UPDATE, so even without the card's lock two refunds could not both pass (and the
 * table's CHECK refuses it as a last line). Answers whether it was counted.
 */
export async function addRefunded(db: Executor, redemptionId: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ refunded: sql`refunded + ${amount}` })
    .where('id', '=', redemptionId)
    .where(sql<boolean>`refunded + ${amount} <= amount`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface TransactionRow {
  id: string;
  kind: LedgerEntriesTable['kind'];
  asset_code: string;
  amount: number;
  reference: string | null;
  created_at: string;
}

/** Position in a card's ledger: entries are ordered by time, then id (a total order). */
export interface LedgerPosition {
  createdAt: string;
  id: string;
}

/** A card's entries newest first, after `before` (exclusive) when given. */
export async function listCardEntries(db: Executor, cardId: string, limit: number, before?: LedgerPosition): Promise<TransactionRow[]> {
  let query = db
    .selectFrom('ledger_entries as e')
    .leftJoin('api_ledger_entries as a', 'a.entry_id', 'e.id')
    .select(['e.id', 'e.kind', 'e.asset_code', 'e.amount', 'a.reference', 'e.created_at'])
    .where('e.card_id', '=', cardId);
  if (before) {
    query = query.where((eb) => eb.or([eb('e.created_at', '<', before.createdAt), eb.and([eb('e.created_at', '=', before.createdAt), eb('e.id', '<', before.id)])]));
  }
  const rows = await query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** Per-asset sums of a card's entries up to and including `upTo`: the balances right after it. */
export async function sumCardEntriesUpTo(db: Executor, cardId: string, upTo: LedgerPosition): Promise<LedgerAmount[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['asset_code', eb.fn.sum<number | string>('amount').as('total')])
    .where('card_id', '=', cardId)
    .where((eb) => eb.or([eb('created_at', '<', upTo.createdAt), eb.and([eb('created_at', '=', upTo.createdAt), eb('id', '<=', upTo.id)])]))
    .groupBy('asset_code')
    .execute();
  return rows.map((r) => ({ assetCode: r.asset_code, amount: Number(r.total) }));
}
