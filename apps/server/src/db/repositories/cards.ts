import { type Insertable, sql } from 'kysely';
import { isPostgres } from '../database.js';
import { preparedQuery } from '../prepared.js';
import { type BulkValue, bulkInsert } from '../bulk-insert.js';
import type { CardRow, CardSecretsTable, CardUpdate, Database, LedgerEntriesTable, NewCard, VisaHoldersTable } from '../schema.js';
import type { Executor } from './executor.js';

/**
 * A card by the blind index of its number, under any configured index key version
 * (BlindIndex.candidates: while a rotation is under way a card is under one version or the other).
 * With `forUpdate` (inside a transaction) PostgreSQL locks the row, so concurrent guesses on one
 * card queue up behind each other; SQLite needs no lock because it runs one write transaction at a time.
 */
export async function findCardByNumberIndex(
  db: Executor,
  numberIndexes: readonly string[],
  options: { forUpdate?: boolean } = {},
): Promise<CardRow | undefined> {
  const query = db.selectFrom('cards').selectAll().where('number_index', 'in', numberIndexes);
  return (options.forUpdate && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

const cardById = preparedQuery((db, p: { cardId: string }) => db.selectFrom('cards').selectAll().where('id', '=', p.cardId));
const cardByIdForUpdate = preparedQuery((db, p: { cardId: string }) => {
  const query = db.selectFrom('cards').selectAll().where('id', '=', p.cardId);
  return isPostgres(db) ? query.forUpdate() : query;
});

/** A card by its id; `forUpdate` as findCardByNumberIndex. Prepared: every brand API call on a card reads it. */
export async function findCardById(db: Executor, cardId: string, options: { forUpdate?: boolean } = {}): Promise<CardRow | undefined> {
  return (await (options.forUpdate ? cardByIdForUpdate : cardById)(db, { cardId }))[0];
}

export async function insertCard(db: Executor, card: NewCard): Promise<void> {
  await db.insertInto('cards').values(card).execute();
}

/**
 * Inserts a card unless its number is taken (same blind index), and answers whether it did. The
 * conflict is absorbed by the statement itself, so it never aborts the caller's transaction
 * (PostgreSQL would abort it on a failed insert); the caller draws another number and tries again.
 * While an index key rotation is under way the number may be taken under the previous version
 * (`previousIndex`), which the unique index cannot see: that is looked up first. Every writer
 * writes the current version, so a card under the previous one is never new: it is there (or
 * being moved by `keys rotate`, an UPDATE of a row this read sees either way) before this starts.
 */
export async function insertCardIfNumberFree(db: Executor, card: NewCard, previousIndex: string): Promise<boolean> {
  if (previousIndex !== card.number_index && (await db.selectFrom('cards').select('id').where('number_index', '=', previousIndex).executeTakeFirst())) return false;
  const result = await db
    .insertInto('cards')
    .values(card)
    .onConflict((oc) => oc.column('number_index').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function updateCard(db: Executor, cardId: string, changes: CardUpdate): Promise<void> {
  await db.updateTable('cards').set(changes).where('id', '=', cardId).execute();
}

/** Rows per INSERT on SQLite: it binds at most 32 766 parameters, and a card row has 19 columns. */
const ROWS_PER_STATEMENT = 500;

type BulkTable = 'cards' | 'card_secrets' | 'visa_holders' | 'ledger_entries' | 'audit_events';

/** The integer columns of the bulk tables (every other column is text): PostgreSQL's unnest needs the array types. */
const INTEGER_COLUMNS: Record<BulkTable, readonly string[]> = {
  cards: ['number_key_version'],
  card_secrets: ['pepper_version', 'attempts_left'],
  visa_holders: ['key_version'],
  ledger_entries: ['amount'],
  audit_events: [],
};

/**
 * Inserts many rows of a table. SQLite: multi-row INSERTs of 500 rows (its prepared statements
 * are cached, so each full batch reuses one). PostgreSQL: one `INSERT … SELECT * FROM unnest(…)`
 * per call, one array parameter per column, so the statement has a handful of parameters
 * whatever the number of rows and its text is the same every batch.
 */
async function insertMany<T extends BulkTable>(db: Executor, table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  if (!isPostgres(db)) {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await db.insertInto(table).values(rows.slice(i, i + ROWS_PER_STATEMENT) as never).execute();
    }
    return;
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].sort();
  const arrays = columns.map((column) => {
    const type = INTEGER_COLUMNS[table].includes(column) ? 'int[]' : 'text[]';
    const values = rows.map((row) => (row as Record<string, unknown>)[column] ?? null);
    return sql`${values}::${sql.raw(type)}`;
  });
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(db);
}

/** New cards' rows: the cards, with their secrets, Visa holders and ledger entries. */
export interface NewCardRows {
  cards: readonly NewCard[];
  secrets: readonly Insertable<CardSecretsTable>[];
  holders: readonly Insertable<VisaHoldersTable>[];
  ledger: readonly Insertable<LedgerEntriesTable>[];
}

/** A card's rows besides the card itself (or some cards' rows), one statement per table (insertMany). */
export async function insertCardRows(
  db: Executor,
  rows: NewCardRows,
): Promise<void> {
  await insertMany(db, 'cards', rows.cards);
  await insertMany(db, 'card_secrets', rows.secrets);
  await insertMany(db, 'visa_holders', rows.holders);
  await insertMany(db, 'ledger_entries', rows.ledger);
}

/** The columns a new card's rows are written with (the rest keep their defaults). */
const NEW_ROW_COLUMNS = {
  cards: ['id', 'brand_id', 'kind', 'number_ciphertext', 'number_index', 'number_key_version', 'number_last3', 'number_last4', 'state', 'asset_code', 'expires_at', 'registered_at', 'paid_out_at', 'replaced_by_card_id', 'import_event_id', 'import_line', 'created_at', 'updated_at'],
  card_secrets: ['id', 'card_id', 'kind', 'hash', 'pepper_version', 'purpose', 'attempts_left', 'expires_at', 'created_at'],
  visa_holders: ['card_id', 'holder_ciphertext', 'pin_ciphertext', 'key_version', 'phone_index', 'email_index', 'updated_at'],
  ledger_entries: ['id', 'card_id', 'asset_code', 'amount', 'kind', 'reference', 'created_at'],
} as const satisfies Record<string, readonly string[]>;

function valuesOf(columns: readonly string[], rows: readonly object[]): BulkValue[] {
  const values: BulkValue[] = [];
  for (const row of rows) for (const column of columns) values.push(((row as Record<string, BulkValue | undefined>)[column] ?? null));
  return values;
}

/**
 * Many new cards' rows at once (the card import): bulkInsert per table, COPY on PostgreSQL. The
 * cards go first, so their secrets, holders and ledger entries find them.
 */
export async function insertNewCardRows(
  db: Executor,
  rows: NewCardRows,
): Promise<void> {
  await bulkInsert(db, 'cards', NEW_ROW_COLUMNS.cards, valuesOf(NEW_ROW_COLUMNS.cards, rows.cards));
  await bulkInsert(db, 'card_secrets', NEW_ROW_COLUMNS.card_secrets, valuesOf(NEW_ROW_COLUMNS.card_secrets, rows.secrets));
  await bulkInsert(db, 'visa_holders', NEW_ROW_COLUMNS.visa_holders, valuesOf(NEW_ROW_COLUMNS.visa_holders, rows.holders));
  await bulkInsert(db, 'ledger_entries', NEW_ROW_COLUMNS.ledger_entries, valuesOf(NEW_ROW_COLUMNS.ledger_entries, rows.ledger));
}

/**
 * Which of these numbers (blind indexes) belong to a card already, with the import that wrote it
 * (a card import checks its numbers against the cards before it and its own earlier lines).
 */
export async function cardsByNumberIndexes(db: Executor, indexes: readonly string[]): Promise<Map<string, { importEventId: string | null; importLine: number | null }>> {
  const found = new Map<string, { importEventId: string | null; importLine: number | null }>();
  if (indexes.length === 0) return found;
  const query = db.selectFrom('cards').select(['number_index', 'import_event_id', 'import_line']);
  // PostgreSQL: one array parameter; SQLite: IN lists within its parameter limit.
  const chunks = isPostgres(db) ? [indexes] : Array.from({ length: Math.ceil(indexes.length / 10_000) }, (_, i) => indexes.slice(i * 10_000, (i + 1) * 10_000));
  for (const chunk of chunks) {
    const rows = await (isPostgres(db)
      ? query.where('number_index', '=', sql<string>`any(${chunk as string[]}::text[])`)
      : query.where('number_index', 'in', chunk)
    ).execute();
    for (const row of rows) found.set(row.number_index, { importEventId: row.import_event_id, importLine: row.import_line === null ? null : Number(row.import_line) });
  }
  return found;
}

/** A brand's cards whose number ends in these three digits, oldest first, at most `limit`. */
export async function findBrandCardsByLast3(db: Executor, brandId: string, last3: string, limit: number) {
  return db
    .selectFrom('cards')
    .select(['id', 'kind', 'state', 'blocked_at', 'asset_code', 'number_last3', 'created_at'])
    .where('brand_id', '=', brandId)
    .where('number_last3', '=', last3)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Gift cards whose expiry date is on or before `lastDay` (yyyy-mm-dd), earliest first, with their
 * brand's code: a cheap first cut for the balance expiry, which decides each card exactly.
 */
export async function listGiftCardsExpiredBy(db: Executor, lastDay: string) {
  return db
    .selectFrom('cards as c')
    .innerJoin('brands as b', 'b.id', 'c.brand_id')
    .select(['c.id', 'c.expires_at', 'c.number_last3', 'b.code as brand_code'])
    .where('c.kind', '=', 'giftcard')
    .where('c.expires_at', 'is not', null)
    .where('c.expires_at', '<=', lastDay)
    .orderBy('c.expires_at')
    .execute();
}
