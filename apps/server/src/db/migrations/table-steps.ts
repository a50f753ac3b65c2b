import type { Kysely } from 'kysely';

/**
 * Creating and dropping tables as most migrations do, written once. Released migrations use them, so
 * what they compile to must never change (migrations-frozen.test.ts holds each migration to the
 * SQL it ran when released). Like the migrations, this module imports nothing from the application.
 */

/** A new table whose first column is its key: `<key> text primary key`. */
export function createTableKeyedBy(db: Kysely<unknown>, table: string, key: string) {
  return db.schema.createTable(table).addColumn(key, 'text', (c) => c.primaryKey());
}

/** A new table keyed by `id text primary key`, as most tables are. */
export function createTableWithId(db: Kysely<unknown>, table: string) {
  return createTableKeyedBy(db, table, 'id');
}

/**
 * A new table of rows that are part of one brand (its flows, assets, texts, versions) and go
 * with it: the first column is `brand_id`, which references the brand and is deleted with it.
 */
export function createBrandOwnedTable(db: Kysely<unknown>, table: string) {
  return db.schema.createTable(table).addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id').onDelete('cascade'));
}

/** Drops the tables in the order given: each before the tables it references. */
export async function dropTables(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
