import type { Kysely } from 'kysely';
import { createTableWithId, dropTables } from './table-steps.js';
import { outboxMessages } from './tables.js';

/**
 * The transactional outbox (docs/product/common.md#sms-and-e-mail) and the local mailbox that
 * the embedded default's local adapters deliver into (read at GET /dev/outbox in demo mode).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await outboxMessages.columns(db.schema.createTable('outbox_messages'), ['email', 'sms'])
    .execute();
  await db.schema.createIndex('outbox_messages_due_idx').on('outbox_messages').columns(['status', 'next_attempt_at']).execute();

  await createTableWithId(db, 'local_mailbox')
    .addColumn('channel', 'text', (c) => c.notNull())
    // Recipient, subject and bodies, encrypted like the outbox's payload.
    .addColumn('message_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('local_mailbox_time_idx').on('local_mailbox').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['local_mailbox', 'outbox_messages']);
}
