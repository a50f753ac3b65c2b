import { type Kysely, sql } from 'kysely';
import { setPayoutStatuses } from './payout-statuses.js';
import { atomically } from './steps.js';
import { createTableWithId, dropTables } from './table-steps.js';

/**
 * Payouts held for review (docs/back-office.md, docs/decisions/036):
 * - a payout's status gains `held` (a rule held it: no export takes it until staff release it) and
 *   `rejected` (staff refused it: its amount and fee went back onto the card, like `failed`, so it
 *   leaves the "one open payout per card" index);
 * - `payouts.iban_index`: the IBAN's blind index (INDEX_KEYS), so "other cards paid to this IBAN"
 *   is one indexed query and no row is decrypted; rows from before this migration get theirs from
 *   payouts/fill-payout-iban-indexes.ts at server start, which has the keys a migration lacks;
 * - `payout_reviews`: why a payout was held (the rules it hit) and what staff decided;
 * - `payout_iban_blocks`: a brand's block list of IBANs, by blind index, the IBAN itself sealed
 *   (for `keys rotate`) and masked (for people);
 * - an index of identity sessions by their subject, for "this identity's payouts this month";
 * - `brands.payout_review_json`: the brand file's `payoutReview` (null: the defaults).
 *
 * The SQLite rebuild (a CHECK cannot be altered) copies the columns of tables.ts's `payouts`,
 * which predate `iban_index`: the column is added after the rebuild, and a later migration that
 * rebuilds payouts must add it again.
 */
const OLD_STATUSES = ['pending', 'exported', 'paid', 'failed', 'returned'];
const NEW_STATUSES = [...OLD_STATUSES, 'held', 'rejected'];

/** The statuses whose money went back onto the card: outside the one-open-payout-per-card index. */
const creditedBack = (statuses: string[]) => statuses.filter((s) => s === 'failed' || s === 'returned' || s === 'rejected');

/** The indexes 005 and 018 made besides the open-payout one: SQLite's rebuild loses them. */
const INDEXES: [name: string, columns: string[]][] = [
  ['payouts_status_idx', ['status', 'created_at']],
  ['payouts_batch_idx', ['batch_id']],
  ['payouts_card_time_idx', ['card_id', 'created_at', 'id']],
];

const setStatuses = (db: Kysely<unknown>, statuses: string[]) => setPayoutStatuses(db, statuses, creditedBack(statuses), INDEXES);

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_020', async () => {
    await setStatuses(db, NEW_STATUSES);
    await db.schema.alterTable('payouts').addColumn('iban_index', 'text').execute();
    await db.schema.createIndex('payouts_iban_idx').on('payouts').columns(['iban_index', 'created_at']).execute();
    await sql`create index payouts_iban_missing_idx on payouts (id) where iban_index is null`.execute(db);

    await db.schema
      .createTable('payout_reviews')
      .addColumn('payout_id', 'text', (c) => c.primaryKey().references('payouts.id'))
      // JSON array of the rules the payout hit when it was asked for (domain/payout-review.ts).
      .addColumn('rules', 'text', (c) => c.notNull())
      .addColumn('held_at', 'text', (c) => c.notNull())
      .addColumn('decision', 'text', (c) => c.check(sql`decision in ('released', 'rejected')`))
      // The staff member's e-mail.
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('fraud', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await createTableWithId(db, 'payout_iban_blocks')
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
      .addColumn('iban_index', 'text', (c) => c.notNull())
      .addColumn('iban_ciphertext', 'text', (c) => c.notNull())
      .addColumn('iban_hint', 'text', (c) => c.notNull())
      // The payout whose rejection for fraud put the IBAN on the list.
      .addColumn('payout_id', 'text', (c) => c.references('payouts.id'))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payout_iban_blocks_brand_iban_idx').on('payout_iban_blocks').columns(['brand_id', 'iban_index']).execute();

    await db.schema.createIndex('identity_sessions_subject_idx').on('identity_sessions').column('subject_hash').execute();
    // The brand file's `payoutReview`, as JSON; null: the defaults.
    await db.schema.alterTable('brands').addColumn('payout_review_json', 'text').execute();
  });
}

/** Refused (and nothing changed) while a payout is held or rejected. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_020', async () => {
    await db.schema.alterTable('brands').dropColumn('payout_review_json').execute();
    await db.schema.dropIndex('identity_sessions_subject_idx').execute();
    await dropTables(db, ['payout_iban_blocks', 'payout_reviews']);
    await db.schema.dropIndex('payouts_iban_missing_idx').execute();
    await db.schema.dropIndex('payouts_iban_idx').execute();
    await db.schema.alterTable('payouts').dropColumn('iban_index').execute();
    await setStatuses(db, OLD_STATUSES);
  });
}
