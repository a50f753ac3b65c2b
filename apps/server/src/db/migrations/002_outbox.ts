import { type Kysely, sql } from 'kysely';

/**
 * The transactional outbox (docs/product/common.md#sms-and-e-mail) and the local mailbox that
 * the embedded default's local adapters deliver into (read at GET /dev/outbox in demo mode).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
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
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_messages_due_idx').on('outbox_messages').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('local_mailbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    // Recipient, subject and bodies, encrypted like the outbox's payload.
    .addColumn('message_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('local_mailbox_time_idx').on('local_mailbox').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('local_mailbox').execute();
  await db.schema.dropTable('outbox_messages').execute();
}
