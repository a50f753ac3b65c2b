import { type Kysely, sql } from 'kysely';
import { atomically } from './steps.js';
import { createTableWithId } from './table-steps.js';

/**
 * What the back office needs to find a card and tell its story (docs/decisions/032):
 * - `cards.number_last4`: the last four digits in clear, which PCI DSS allows to be shown and so
 *   to be stored unprotected, indexed with the brand for "DEMO, ending 0101"; and an index of the
 *   last three the portal shows, for "ending 101";
 * - `visa_holders.phone_index` and `email_index`, `card_replacements.email_index`: blind indexes
 *   (INDEX_KEYS) of the holder's phone number (E.164) and of the e-mail addresses (lower case),
 *   which are sealed and cannot be searched otherwise;
 * - `card_notes`: staff's notes on a card, the text sealed like other personal data;
 * - indexes that let each source of a card's timeline be read newest first a page at a time,
 *   and the audit trail by brand.
 *
 * Rows that exist before this migration get their last four digits and indexes from
 * cards/fill-search-indexes.ts, which every server start runs after the migrations: computing them
 * needs the data and index keys, which a migration does not have. Until it has run those rows
 * are not found by these searches (every other way of finding them works as before). The partial
 * indexes on the still-empty columns keep that start-up check to an index probe once all is done,
 * and let it pick up rows a replica of the previous release writes during a rolling upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_018', async () => {
    await db.schema.alterTable('cards').addColumn('number_last4', 'text').execute();
    await db.schema.createIndex('cards_brand_last4_idx').on('cards').columns(['brand_id', 'number_last4']).execute();
    await db.schema.createIndex('cards_brand_last3_idx').on('cards').columns(['brand_id', 'number_last3']).execute();
    await sql`create index cards_last4_missing_idx on cards (id) where number_last4 is null`.execute(db);

    await db.schema.alterTable('visa_holders').addColumn('phone_index', 'text').execute();
    await db.schema.alterTable('visa_holders').addColumn('email_index', 'text').execute();
    await db.schema.createIndex('visa_holders_phone_idx').on('visa_holders').column('phone_index').execute();
    await db.schema.createIndex('visa_holders_email_idx').on('visa_holders').column('email_index').execute();
    await sql`create index visa_holders_phone_missing_idx on visa_holders (card_id) where phone_index is null`.execute(db);

    await db.schema.alterTable('card_replacements').addColumn('email_index', 'text').execute();
    await db.schema.createIndex('card_replacements_email_idx').on('card_replacements').column('email_index').execute();
    await sql`create index card_replacements_email_missing_idx on card_replacements (old_card_id) where email_index is null`.execute(db);

    await createTableWithId(db, 'card_notes')
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
      .addColumn('text_ciphertext', 'text', (c) => c.notNull())
      // The staff member's e-mail: who wrote it is shown with it, as in the audit trail.
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('card_notes_card_idx').on('card_notes').columns(['card_id', 'created_at', 'id']).execute();

    await db.schema.createIndex('ledger_entries_card_time_idx').on('ledger_entries').columns(['card_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('audit_events_card_time_idx').on('audit_events').columns(['card_id', 'occurred_at', 'id']).execute();
    await db.schema.createIndex('outbox_messages_card_time_idx').on('outbox_messages').columns(['card_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('payouts_card_time_idx').on('payouts').columns(['card_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('audit_events_brand_time_idx').on('audit_events').columns(['brand_id', 'occurred_at', 'id']).execute();
    // The audit listing filtered by one staff member (`actor`), newest first.
    await db.schema.createIndex('audit_events_actor_time_idx').on('audit_events').columns(['actor', 'occurred_at', 'id']).execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'audit_events_actor_time_idx',
    'audit_events_brand_time_idx',
    'payouts_card_time_idx',
    'outbox_messages_card_time_idx',
    'audit_events_card_time_idx',
    'ledger_entries_card_time_idx',
    'card_replacements_email_missing_idx',
    'card_replacements_email_idx',
    'visa_holders_phone_missing_idx',
    'visa_holders_email_idx',
    'visa_holders_phone_idx',
    'cards_last4_missing_idx',
    'cards_brand_last3_idx',
    'cards_brand_last4_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('card_notes').execute();
  await db.schema.alterTable('card_replacements').dropColumn('email_index').execute();
  await db.schema.alterTable('visa_holders').dropColumn('email_index').execute();
  await db.schema.alterTable('visa_holders').dropColumn('phone_index').execute();
  await db.schema.alterTable('cards').dropColumn('number_last4').execute();
}
