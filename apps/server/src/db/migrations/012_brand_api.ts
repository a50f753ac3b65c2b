import { type Kysely, sql } from 'kysely';
import { atomically } from './steps.js';
import { createTableKeyedBy, createTableWithId, dropTables } from './table-steps.js';

/**
 * The brand API (docs/brand-api.md, docs/decisions/020):
 * - `api_keys`: a brand's keys. Only a keyed hash of the key is kept (PURPOSE.apiKey, INDEX_KEY),
 *   with its first characters (`prefix`) for the operator's list; `scopes` comma-separated.
 * - `idempotency_keys`: one row per (API key, Idempotency-Key) (its own `id` for the key rotation, which pages by one column). A request claims its key by
 *   inserting the row (`in_flight`, held until `locked_until`); the transaction that does the work
 *   stores the answer (`done`, status and the encrypted body), so the answer and the change commit
 *   together. Kept at least 24 hours, then deleted by the housekeeping sweep and `maintenance prune`.
 * - `redemptions`: what a redemption took and how much of it was refunded since; the CHECK keeps
 *   refunds within the redemption whatever arrives at once.
 * - `api_ledger_entries`: every ledger entry the API booked, with the key that booked it, the
 *   brand's own reference and, for a refund, its redemption.
 * - an index of a brand's cards by kind and age (brand-api/issue-gift-card.ts).
 * The ledger's kinds `redemption` and `refund` exist since 010.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_012', async () => {
    await createTableWithId(db, 'api_keys')
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_brand_idx').on('api_keys').column('brand_id').execute();

    await createTableWithId(db, 'idempotency_keys')
      .addColumn('api_key_id', 'text', (c) => c.notNull().references('api_keys.id'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('in_flight', 'done')`))
      .addColumn('claim_id', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('response_ciphertext', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('idempotency_keys_key_unique', ['api_key_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

    await createTableWithId(db, 'redemptions')
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
      .addColumn('asset_code', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('redemptions_refunded_check', sql`refunded >= 0 and refunded <= amount`)
      .execute();

    // No foreign key to ledger_entries: SQLite rebuilds that table to change its CHECK (010), and a
    // reference to it would block the rebuild. entry_id is the ledger entry's id by construction.
    await createTableKeyedBy(db, 'api_ledger_entries', 'entry_id')
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
      .addColumn('api_key_id', 'text', (c) => c.notNull().references('api_keys.id'))
      .addColumn('reference', 'text')
      .addColumn('redemption_id', 'text', (c) => c.references('redemptions.id'))
      .execute();
    await db.schema.createIndex('api_ledger_entries_redemption_idx').on('api_ledger_entries').column('redemption_id').execute();
    // An issued card's number is drawn in the style of the brand's newest gift card: found by this index.
    await db.schema.createIndex('cards_brand_kind_created_idx').on('cards').columns(['brand_id', 'kind', 'created_at']).execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_012', async () => {
    await db.schema.dropIndex('cards_brand_kind_created_idx').execute();
    await dropTables(db, ['api_ledger_entries', 'redemptions', 'idempotency_keys', 'api_keys']);
  });
}
