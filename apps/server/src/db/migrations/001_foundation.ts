import { type Kysely, sql } from 'kysely';
import { binaryType } from './steps.js';
import { createBrandOwnedTable, createTableKeyedBy, createTableWithId, dropTables } from './table-steps.js';
import { ledgerEntries } from './tables.js';

// Migrations import nothing from the application: they must stay valid as the code moves on.

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'brands')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('styling_json', 'text', (c) => c.notNull())
    .addColumn('asset_code', 'text', (c) => c.notNull())
    .addColumn('payout_fee', 'integer', (c) => c.notNull().check(sql`payout_fee >= 0`))
    .addColumn('replacement_minimum', 'integer', (c) => c.notNull().check(sql`replacement_minimum >= 0`))
    .addColumn('terms_url', 'text')
    .addColumn('privacy_url', 'text')
    .addColumn('embed_origins_json', 'text', (c) => c.notNull())
    .addColumn('custom_css', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await createBrandOwnedTable(db, 'brand_flows')
    .addColumn('flow_code', 'text', (c) => c.notNull())
    .addColumn('is_available', 'integer', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('scanning', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('brand_flows_pk', ['brand_id', 'flow_code'])
    .execute();

  await createBrandOwnedTable(db, 'brand_assets')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', binaryType(db), (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('brand_assets_pk', ['brand_id', 'name'])
    .execute();

  await createBrandOwnedTable(db, 'brand_translations')
    .addColumn('culture', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('brand_translations_pk', ['brand_id', 'culture', 'key'])
    .execute();

  await createTableWithId(db, 'cards')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('visa', 'giftcard')`))
    .addColumn('number_ciphertext', 'text', (c) => c.notNull())
    .addColumn('number_index', 'text', (c) => c.notNull().unique())
    .addColumn('number_key_version', 'integer', (c) => c.notNull())
    .addColumn('number_last3', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('asset_code', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('operator_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registered_at', 'text')
    .addColumn('paid_out_at', 'text')
    .addColumn('replaced_by_card_id', 'text', (c) => c.references('cards.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cards_brand_idx').on('cards').column('brand_id').execute();

  await createTableWithId(db, 'card_secrets')
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('security_code', 'passcode', 'recovery_code', 'one_time_code')`),
    )
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('pepper_version', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text')
    .addColumn('attempts_left', 'integer')
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_secrets_card_kind_idx').on('card_secrets').columns(['card_id', 'kind']).execute();

  await db.schema
    .createTable('visa_holders')
    .addColumn('card_id', 'text', (c) => c.primaryKey().references('cards.id').onDelete('cascade'))
    .addColumn('holder_ciphertext', 'text', (c) => c.notNull())
    .addColumn('pin_ciphertext', 'text')
    .addColumn('key_version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await ledgerEntries
    .columns(db.schema.createTable('ledger_entries'), ['load', 'payout', 'fee', 'replacement_out', 'replacement_in', 'expiry'])
    .execute();
  await db.schema.createIndex('ledger_entries_card_idx').on('ledger_entries').column('card_id').execute();

  await createTableWithId(db, 'audit_events')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('brand_id', 'text')
    .addColumn('card_id', 'text')
    .addColumn('flow_type', 'text')
    .addColumn('client', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_events_card_idx').on('audit_events').columns(['card_id', 'occurred_at']).execute();
  await db.schema.createIndex('audit_events_time_idx').on('audit_events').column('occurred_at').execute();

  await createTableWithId(db, 'error_reports')
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('info', 'text')
    .addColumn('client', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await createTableKeyedBy(db, 'spent_captcha_tokens', 'token_hash')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spent_captcha_tokens_expiry_idx').on('spent_captcha_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, [
    'spent_captcha_tokens',
    'error_reports',
    'audit_events',
    'ledger_entries',
    'visa_holders',
    'card_secrets',
    'cards',
    'brand_translations',
    'brand_assets',
    'brand_flows',
    'brands',
  ]);
}
