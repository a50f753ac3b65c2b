import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A payout the bank paid and then returned (`tessera payouts return`, docs/operations.md): the receiving
 * account was closed, say. The payout's status gains `returned`, which, like `failed`, means the
 * money went back onto the card, so the card may be paid out again: the partial unique index
 * "one payout per card that still holds the card's money" leaves out both.
 *
 * A CHECK cannot be altered in SQLite: the table is rebuilt with its rows, indexes and
 * constraints, inside a savepoint (as 010 does), so a failure halfway leaves nothing behind.
 */
const OLD_STATUSES = ['pending', 'exported', 'paid', 'failed'];
const NEW_STATUSES = [...OLD_STATUSES, 'returned'];

const statusCheck = (statuses: string[]) => sql.raw(`status in (${statuses.map((s) => `'${s}'`).join(', ')})`);
/** The statuses whose money went back onto the card: outside the one-open-payout-per-card index. */
const creditedBack = (statuses: string[]) => (statuses.includes('returned') ? ['failed', 'returned'] : ['failed']);

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, () => setPayoutStatuses(db, NEW_STATUSES));
}

/** Refused (and nothing changed) while a payout is `returned`. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, () => setPayoutStatuses(db, OLD_STATUSES));
}

async function atomically(db: Kysely<unknown>, steps: () => Promise<void>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return steps();
  await sql`savepoint migration_011`.execute(db);
  try {
    await steps();
  } catch (error) {
    await sql`rollback to migration_011`.execute(db);
    throw error;
  } finally {
    await sql`release migration_011`.execute(db);
  }
}

async function openIndex(db: Kysely<unknown>, statuses: string[]): Promise<void> {
  await db.schema
    .createIndex('payouts_card_open_idx')
    .on('payouts')
    .column('card_id')
    .unique()
    .where(sql.ref('status'), 'not in', creditedBack(statuses))
    .execute();
}

async function setPayoutStatuses(db: Kysely<unknown>, statuses: string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table payouts drop constraint if exists payouts_status_check`.execute(db);
    await sql`alter table payouts add constraint payouts_status_check check (${statusCheck(statuses)})`.execute(db);
    await db.schema.dropIndex('payouts_card_open_idx').execute();
    await openIndex(db, statuses);
    return;
  }
  await db.schema
    .createTable('payouts_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'integer', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('asset_code', 'text', (c) => c.notNull())
    .addColumn('name_ciphertext', 'text', (c) => c.notNull())
    .addColumn('iban_ciphertext', 'text', (c) => c.notNull())
    .addColumn('iban_hint', 'text', (c) => c.notNull())
    .addColumn('bic', 'text', (c) => c.notNull())
    .addColumn('identity_session_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(statusCheck(statuses)))
    .addColumn('batch_id', 'text', (c) => c.references('payout_batches.id'))
    .addColumn('end_to_end_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('exported_at', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payouts_card_attempt_unique', ['card_id', 'attempt'])
    .execute();
  const columns = sql.raw(
    'id, card_id, brand_id, attempt, amount, fee, asset_code, name_ciphertext, iban_ciphertext, iban_hint, bic, identity_session_id, status, batch_id, end_to_end_id, created_at, exported_at, settled_at, updated_at',
  );
  await sql`insert into payouts_new (${columns}) select ${columns} from payouts`.execute(db);
  await db.schema.dropTable('payouts').execute();
  await db.schema.alterTable('payouts_new').renameTo('payouts').execute();
  await openIndex(db, statuses);
  await db.schema.createIndex('payouts_status_idx').on('payouts').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payouts_batch_idx').on('payouts').column('batch_id').execute();
}
