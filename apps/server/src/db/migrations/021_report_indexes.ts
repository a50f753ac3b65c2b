import type { Kysely } from 'kysely';
import { atomically } from './steps.js';

/**
 * What the back office's reports read (docs/decisions/038):
 * - the ledger by time, with the columns the sums need, so a day range or "everything before"
 *   is read from the index alone (an index-only scan on PostgreSQL) and joined to the cards for
 *   their brand, never from the whole table;
 * - a brand's cards by expiry, for the balances expiring in the next 30, 60 and 90 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_021', async () => {
    await db.schema.createIndex('ledger_entries_time_idx').on('ledger_entries').columns(['created_at', 'card_id', 'asset_code', 'kind', 'amount']).execute();
    await db.schema.createIndex('cards_brand_expiry_idx').on('cards').columns(['brand_id', 'expires_at']).execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cards_brand_expiry_idx').execute();
  await db.schema.dropIndex('ledger_entries_time_idx').execute();
}
