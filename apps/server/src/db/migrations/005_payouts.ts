import { type Kysely, sql } from 'kysely';
import { createTableWithId, dropTables } from './table-steps.js';
import { payouts } from './tables.js';

/**
 * PAYOUT: money leaving Tessera for a cardholder's bank account.
 *
 * `payouts`: one row per payout attempt of a card. The verified name and the IBAN are personal
 * data and stored encrypted (AES-256-GCM, purposes payout-name / payout-iban); the BIC and the
 * bank code are not personal and stay readable. Status: pending (recorded, money debited) →
 * exported (in a SEPA file, `batch_id`) → paid | failed (failed credits the card back).
 * Two guards against paying a card twice, besides the card row lock:
 * - (card_id, attempt) is unique, and the ledger references are derived from both;
 * - at most one payout per card that has not failed (a partial unique index), so a card is paid
 *   out once; only after a failure may the cardholder try again (attempt + 1).
 *
 * `payout_batches`: one row per exported SEPA file (its message id), written in the same
 * transaction that marks its payouts exported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // id: the file's MsgId (and PmtInfId), at most 35 characters of the EPC's identifier set.
  await createTableWithId(db, 'payout_batches')
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('pain.001.001.09', 'pain.001.001.03')`))
    .addColumn('payout_count', 'integer', (c) => c.notNull())
    .addColumn('control_sum', 'integer', (c) => c.notNull())
    .addColumn('asset_code', 'text', (c) => c.notNull())
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await payouts.columns(db.schema.createTable('payouts'), ['pending', 'exported', 'paid', 'failed'])
    .execute();
  await db.schema
    .createIndex('payouts_card_open_idx')
    .on('payouts')
    .column('card_id')
    .unique()
    .where(sql.ref('status'), '<>', 'failed')
    .execute();
  await db.schema.createIndex('payouts_status_idx').on('payouts').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payouts_batch_idx').on('payouts').column('batch_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['payouts', 'payout_batches']);
}
