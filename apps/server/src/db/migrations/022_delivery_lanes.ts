import { type Kysely, sql } from 'kysely';
import { atomically } from './steps.js';

/**
 * Delivery lanes (docs/decisions/039): the outbox worker groups webhook deliveries per endpoint,
 * so one endpoint's trouble touches only its own events.
 * - `outbox_messages.endpoint_id`: the endpoint a webhook message is for, in clear (an id, no
 *   secret), so a worker can pick due deliveries per endpoint without decrypting them. Messages
 *   queued before are filled from their dedupe key, `webhook:<msg_ + 32 hex>:<endpoint id>`;
 *   one a replica of the previous release queues during a rolling upgrade has none, and the worker
 *   sends such messages in a lane of their own.
 * - `webhook_endpoints`: the endpoint's health, shared by every server process: since when it
 *   has failed without a success in between (`failing_since`), how many attempts in a row failed
 *   (`consecutive_failures`), until when it rests (`paused_until`, its own backoff), and when it
 *   was switched off after failing for days (`switched_off_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_022', async () => {
    await db.schema.alterTable('outbox_messages').addColumn('endpoint_id', 'text').execute();
    await sql`
      update outbox_messages set endpoint_id = substr(dedupe_key, 46)
      where channel = 'webhook' and dedupe_key like 'webhook:msg\\_%:%' escape '\\' and length(dedupe_key) > 46
    `.execute(db);
    await db.schema.createIndex('outbox_messages_endpoint_due_idx').on('outbox_messages').columns(['endpoint_id', 'status', 'next_attempt_at']).execute();

    await db.schema.alterTable('webhook_endpoints').addColumn('failing_since', 'text').execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('paused_until', 'text').execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('switched_off_at', 'text').execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_022', async () => {
    await db.schema.alterTable('webhook_endpoints').dropColumn('switched_off_at').execute();
    await db.schema.alterTable('webhook_endpoints').dropColumn('paused_until').execute();
    await db.schema.alterTable('webhook_endpoints').dropColumn('consecutive_failures').execute();
    await db.schema.alterTable('webhook_endpoints').dropColumn('failing_since').execute();
    await db.schema.dropIndex('outbox_messages_endpoint_due_idx').execute();
    await db.schema.alterTable('outbox_messages').dropColumn('endpoint_id').execute();
  });
}
