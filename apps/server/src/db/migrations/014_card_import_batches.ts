import type { Kysely } from 'kysely';

/**
 * A million cards (docs/decisions/026-card-import-at-scale.md):
 * - An imported card names its import instead of carrying an audit event of its own: the file's
 *   one `cards.import` event (`import_event_id`) and the line it came from (`import_line`). One
 *   audit row per card was a fifth of what an import wrote.
 * - `cards_brand_idx` (brand_id) goes: `cards_brand_kind_created_idx` (brand_id, kind,
 *   created_at, 012) starts with the same column and answers the same lookups, and every card
 *   written paid for both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cards').addColumn('import_event_id', 'text').execute();
  await db.schema.alterTable('cards').addColumn('import_line', 'integer').execute();
  await db.schema.dropIndex('cards_brand_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('cards_brand_idx').on('cards').column('brand_id').execute();
  await db.schema.alterTable('cards').dropColumn('import_line').execute();
  await db.schema.alterTable('cards').dropColumn('import_event_id').execute();
}
