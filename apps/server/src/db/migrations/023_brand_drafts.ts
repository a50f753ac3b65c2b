import { type Kysely, sql } from 'kysely';
import { atomically, binaryType } from './steps.js';
import { createBrandOwnedTable, createTableKeyedBy, dropTables } from './table-steps.js';

/**
 * A brand's draft and its published versions (the back office's brand settings, docs/decisions/044).
 * - `brand_files`: each image and stylesheet once per content (its SHA-256), however many drafts
 *   and versions name it: a version is a brand file whose files are `sha256:<hex>` references.
 * - `brand_drafts`: one per brand, the checked brand file in that form, who saved it when, and the
 *   version it was started from.
 * - `brand_versions`: every published state of a brand, numbered from 1 (the brand as it was
 *   before its first draft or publish here), with who published it and its differences from the
 *   version before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_023', async () => {
    await createTableKeyedBy(db, 'brand_files', 'hash')
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('content', binaryType(db), (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('brand_drafts')
      .addColumn('brand_id', 'text', (c) => c.primaryKey().references('brands.id').onDelete('cascade'))
      .addColumn('file_json', 'text', (c) => c.notNull())
      .addColumn('based_on_version', 'integer')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();

    await createBrandOwnedTable(db, 'brand_versions')
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
      .addColumn('file_json', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('published_by', 'text')
      .addColumn('changes_json', 'text', (c) => c.notNull())
      .addColumn('change_count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('brand_versions_pk', ['brand_id', 'version'])
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_023', async () => {
    await dropTables(db, ['brand_versions', 'brand_drafts', 'brand_files']);
  });
}
