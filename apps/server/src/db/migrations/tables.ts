import { sql } from 'kysely';
import { type CodesCheck, oneOf } from './steps.js';

/**
 * Tables whose CHECKed codes a later migration changes: the migration that creates the table
 * and the one that rebuilds it on SQLite (steps.ts, setAllowedCodes) define it here once, so the
 * rebuilt table cannot drift from the original. Frozen like the migrations that use them: a new
 * column belongs in a new migration, not here.
 */

/** 001_foundation; kinds widened by 010_card_operations. */
export const ledgerEntries: CodesCheck = {
  table: 'ledger_entries',
  column: 'kind',
  columns: (table, kinds) =>
    table
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
      .addColumn('asset_code', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', kinds)))
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull()),
};

/** 002_outbox; channels widened by 013_webhooks. */
export const outboxMessages: CodesCheck = {
  table: 'outbox_messages',
  column: 'channel',
  columns: (table, channels) =>
    table
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel', 'text', (c) => c.notNull().check(oneOf('channel', channels)))
      // What the message is for (replacement_card, activation_code, …): for operators and metrics.
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'text')
      .addColumn('card_id', 'text')
      // Repeating the change that queues a message (an idempotent call) must not queue it twice.
      .addColumn('dedupe_key', 'text', (c) => c.unique())
      // Recipient, subject and bodies, encrypted: they hold card numbers, codes and addresses.
      // Emptied once the message is delivered or has failed for good.
      .addColumn('payload_ciphertext', 'text')
      // A masked recipient (j***@example.com, +31******01) so an operator can answer "was it sent?".
      .addColumn('recipient_hint', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      // A worker owns a pending message until this time; another worker may take it afterwards.
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('delivered_via', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull()),
};

/** 005_payouts; statuses widened by 011_payout_returns. */
export const payouts: CodesCheck = {
  table: 'payouts',
  column: 'status',
  columns: (table, statuses) =>
    table
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
      .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', statuses)))
      .addColumn('batch_id', 'text', (c) => c.references('payout_batches.id'))
      // EndToEndId of the credit transfer: what the bank quotes back on a return.
      .addColumn('end_to_end_id', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('exported_at', 'text')
      .addColumn('settled_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('payouts_card_attempt_unique', ['card_id', 'attempt']),
};
