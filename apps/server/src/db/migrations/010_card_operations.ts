import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Support and card operations (docs/decisions/019; the brand API, docs/decisions/020, shares both):
 * - A block is kept beside the card's state, not as a state: `cards block` / `cards unblock` (and
 *   later the brand API and the cardholder) stop a card and let it go again in the state it had
 *   (an inactive Visa card stays inactive). `blocked_at` says since when, `block_reason` why.
 * - The ledger's kinds gain `adjustment` (an operator's correction), `redemption` and `refund`
 *   (spending at the brand's tills through the brand API). A CHECK cannot be altered in SQLite: the table is
 *   rebuilt with its rows, index and constraints.
 */
const OLD_KINDS = ['load', 'payout', 'fee', 'replacement_out', 'replacement_in', 'expiry'];
const NEW_KINDS = [...OLD_KINDS, 'adjustment', 'redemption', 'refund'];

const kindCheck = (kinds: string[]) => sql.raw(`kind in (${kinds.map((k) => `'${k}'`).join(', ')})`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async () => {
    await db.schema.alterTable('cards').addColumn('blocked_at', 'text').execute();
    await db.schema
      .alterTable('cards')
      .addColumn('block_reason', 'text', (c) => c.check(sql`block_reason is null or block_reason in ('lost', 'stolen', 'fraud', 'other')`))
      .execute();
    await setLedgerKinds(db, NEW_KINDS);
  });
}

/** Refused (and nothing changed) while the ledger holds entries of the new kinds. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async () => {
    await setLedgerKinds(db, OLD_KINDS);
    await db.schema.alterTable('cards').dropColumn('block_reason').execute();
    await db.schema.alterTable('cards').dropColumn('blocked_at').execute();
  });
}

/**
 * All or nothing on SQLite too. PostgreSQL runs each migration in the migrator's transaction;
 * SQLite's migrator run holds one BEGIN IMMEDIATE (sqlite-driver.ts) that is committed whatever
 * happened, so a migration failing halfway would leave half a rebuild (a stray
 * ledger_entries_new) behind. A savepoint rolls this migration's steps back before the error
 * goes on to the migrator.
 */
async function atomically(db: Kysely<unknown>, steps: () => Promise<void>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return steps();
  await sql`savepoint migration_010`.execute(db);
  try {
    await steps();
  } catch (error) {
    await sql`rollback to migration_010`.execute(db);
    throw error;
  } finally {
    await sql`release migration_010`.execute(db);
  }
}

async function setLedgerKinds(db: Kysely<unknown>, kinds: string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ledger_entries drop constraint if exists ledger_entries_kind_check`.execute(db);
    await sql`alter table ledger_entries add constraint ledger_entries_kind_check check (${kindCheck(kinds)})`.execute(db);
    return;
  }
  await db.schema
    .createTable('ledger_entries_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
    .addColumn('asset_code', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(kindCheck(kinds)))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into ledger_entries_new (id, card_id, asset_code, amount, kind, reference, created_at)
            select id, card_id, asset_code, amount, kind, reference, created_at from ledger_entries`.execute(db);
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.alterTable('ledger_entries_new').renameTo('ledger_entries').execute();
  await db.schema.createIndex('ledger_entries_card_idx').on('ledger_entries').column('card_id').execute();
}
