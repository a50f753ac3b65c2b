import { type Kysely, sql } from 'kysely';
import { atomically, isPostgres, setAllowedCodes } from './steps.js';
import { createTableWithId, dropTables } from './table-steps.js';
import { outboxMessages } from './tables.js';

/**
 * Webhooks (docs/brand-api.md#webhooks, docs/decisions/021): a brand's endpoints and the history of every
 * delivery attempt. Events travel through the outbox (channel `webhook`), queued in the
 * transaction of their change, so an event is sent exactly when its change committed.
 * - The signing secret is kept encrypted, not hashed: signing needs it.
 * - The outbox's channel CHECK gains `webhook`. A CHECK cannot be altered in SQLite: the table is
 *   rebuilt with its rows, index and unique constraint, inside a savepoint (as 010 does).
 */
const OLD_CHANNELS = ['email', 'sms'];
const NEW_CHANNELS = [...OLD_CHANNELS, 'webhook'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_013', async () => {
    await createTableWithId(db, 'webhook_endpoints')
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      // JSON array of event types; null: every event.
      .addColumn('events', 'text')
      .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Removed endpoints stay for their delivery history; nothing is queued or sent to them.
      .addColumn('removed_at', 'text')
      .execute();
    await db.schema.createIndex('webhook_endpoints_brand_idx').on('webhook_endpoints').columns(['brand_id', 'removed_at']).execute();

    await createTableWithId(db, 'webhook_deliveries')
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
      .addColumn('outbox_message_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      // The receiver's HTTP status; null when no answer came (refused target, timeout, connection).
      .addColumn('status_code', 'integer')
      .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('delivered', 'failed')`))
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();

    await setOutboxChannels(db, NEW_CHANNELS);
  });
}

/** Refused (and nothing changed) while the outbox holds webhook messages. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_013', async () => {
    await setOutboxChannels(db, OLD_CHANNELS);
    await dropTables(db, ['webhook_deliveries', 'webhook_endpoints']);
  });
}

async function setOutboxChannels(db: Kysely<unknown>, channels: string[]): Promise<void> {
  await setAllowedCodes(db, outboxMessages, channels);
  if (isPostgres(db)) return;
  await db.schema.createIndex('outbox_messages_due_idx').on('outbox_messages').columns(['status', 'next_attempt_at']).execute();
}
