import { type Kysely, sql } from 'kysely';

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
  await db.schema
    .createTable('payout_batches')
    // The file's MsgId (and PmtInfId): at most 35 characters of the EPC's identifier set.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('pain.001.001.09', 'pain.001.001.03')`))
    .addColumn('payout_count', 'integer', (c) => c.notNull())
    .addColumn('control_sum', 'integer', (c) => c.notNull())
    .addColumn('asset_code', 'text', (c) => c.notNull())
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    // 1 for a card's first payout; a new attempt is allowed only after the previous one failed.
    .addColumn('attempt', 'integer', (c) => c.notNull())
    // Minor units: what the bank transfers, and the brand's fee kept back.
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'integer', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('asset_code', 'text', (c) => c.notNull())
    .addColumn('name_ciphertext', 'text', (c) => c.notNull())
    .addColumn('iban_ciphertext', 'text', (c) => c.notNull())
    // Masked for lists and support (NL91ABNA******4300): no decryption needed to show it.
    .addColumn('iban_hint', 'text', (c) => c.notNull())
    .addColumn('bic', 'text', (c) => c.notNull())
    // The identity session the verified name came from (the identity work fills it).
    .addColumn('identity_session_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'exported', 'paid', 'failed')`))
    .addColumn('batch_id', 'text', (c) => c.references('payout_batches.id'))
    // EndToEndId of the credit transfer: what the bank quotes back on a return.
    .addColumn('end_to_end_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('exported_at', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payouts_card_attempt_unique', ['card_id', 'attempt'])
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
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('payout_batches').execute();
}
