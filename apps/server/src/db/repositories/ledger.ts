import { CARD_HISTORY_LENGTH } from '@tessera/contracts';
import type { LedgerAmount, LedgerEntry } from '../../domain/ledger.js';
import type { LedgerEntriesTable } from '../schema.js';
import { preparedQuery } from '../prepared.js';
import type { Executor } from './executor.js';

const sumByAsset = preparedQuery((db, p: { cardId: string }) =>
  db
    .selectFrom('ledger_entries')
    .select((eb) => ['asset_code', eb.fn.sum<number | string>('amount').as('total')])
    .where('card_id', '=', p.cardId)
    .groupBy('asset_code')
    .orderBy('asset_code'),
);

/** Per-asset sums of a card's entries (the balance is the sum; domain/ledger.ts). */
export async function sumLedgerByAsset(db: Executor, cardId: string): Promise<LedgerAmount[]> {
  const rows = await sumByAsset(db, { cardId });
  // PostgreSQL answers SUM of integers as a bigint string.
  return rows.map((r) => ({ assetCode: r.asset_code, amount: Number(r.total) }));
}

const latestEntries = preparedQuery((db, p: { cardId: string }) =>
  db
    .selectFrom('ledger_entries')
    .select(['kind', 'asset_code', 'amount', 'created_at'])
    .where('card_id', '=', p.cardId)
    // Entries of one transaction share their time (a payout and its fee): the id keeps the order stable.
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CARD_HISTORY_LENGTH),
);

/** A card's latest entries (at most CARD_HISTORY_LENGTH), newest first: the history the cardholder sees. */
export async function latestLedgerEntries(db: Executor, cardId: string): Promise<LedgerEntry[]> {
  const rows = await latestEntries(db, { cardId });
  return rows.map((r) => ({ kind: r.kind, assetCode: r.asset_code, amount: Number(r.amount), createdAt: r.created_at }));
}

export async function insertLedgerEntries(db: Executor, entries: readonly LedgerEntriesTable[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('ledger_entries').values([...entries]).execute();
}

/** The entry booked under `reference` (unique), if any: a repeat of a money-moving call finds its first booking. */
export async function findLedgerEntryByReference(db: Executor, reference: string): Promise<LedgerEntriesTable | undefined> {
  return db.selectFrom('ledger_entries').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** Every entry of a card, oldest first (the operator's and support's full view; the cardholder sees latestLedgerEntries). */
export async function listLedgerEntriesOfCard(db: Executor, cardId: string): Promise<LedgerEntriesTable[]> {
  return db.selectFrom('ledger_entries').selectAll().where('card_id', '=', cardId).orderBy('created_at').orderBy('id').execute();
}
