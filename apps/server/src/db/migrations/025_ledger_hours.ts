import { type Kysely, sql } from 'kysely';
import { atomically, isPostgres } from './steps.js';
import { createTableKeyedBy, dropTables } from './table-steps.js';

/**
 * The reports' hourly roll-up of the ledger (docs/decisions/038, "The roll-up"):
 * - `ledger_hours`: per brand, UTC hour (yyyy-mm-ddThh, the reports' hour), asset and kind, the
 *   number and the sum of the ledger entries the roll-up has counted. Amounts are bigint: a
 *   brand's hour of a million loads passes 2^31 minor units.
 * - `report_rollups`: how far the roll-up has counted: every ledger entry whose insertion
 *   sequence is at or below `counted_to` is in `ledger_hours`, and no other. One row, `ledger`.
 * - The ledger's insertion sequence, which a roll-up counts by (never by created_at: an entry
 *   can be written with a time in an hour already counted: an import's batches carry the time
 *   the import began, and a transaction commits after the time it read):
 *   - PostgreSQL: `ledger_entries.seq`, from the sequence `ledger_entries_seq` (CACHE 1, so its
 *     values are handed out in increasing order across sessions), existing rows numbered by the
 *     rewrite. A writer draws its number while it holds the table's ROW EXCLUSIVE lock: the
 *     roll-up waits for the holders of that lock when it reads the largest number
 *     (reports/ledger-rollup.ts), so every smaller number is committed or gone when it counts.
 *   - SQLite: the table's rowid. One write transaction at a time: a committed row's rowid is
 *     above every row committed before it; rows are never deleted, and a table with indexes
 *     keeps its rowids through VACUUM (SQLite copies them). A rebuild of ledger_entries on
 *     SQLite (steps.ts setAllowedCodes) renumbers rows: such a migration must empty the roll-up
 *     (delete from ledger_hours; counted_to 0), which the next sweep refills.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_025', async () => {
    if (isPostgres(db)) {
      await sql`create sequence ledger_entries_seq cache 1`.execute(db);
      await sql`alter table ledger_entries add column seq bigint not null default nextval('ledger_entries_seq')`.execute(db);
      await sql`alter sequence ledger_entries_seq owned by ledger_entries.seq`.execute(db);
      await db.schema.createIndex('ledger_entries_seq_idx').on('ledger_entries').column('seq').execute();
      // The reports ask for the few entries above a number: the planner needs the column's statistics to see how few.
      await sql`analyze ledger_entries (seq)`.execute(db);
    }
    await db.schema
      .createTable('ledger_hours')
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('asset_code', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('entries', 'bigint', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ledger_hours_pk', ['brand_id', 'hour', 'asset_code', 'kind'])
      .execute();
    await createTableKeyedBy(db, 'report_rollups', 'name')
      .addColumn('counted_to', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'text')
      .execute();
    await sql`insert into report_rollups (name, counted_to, updated_at) values ('ledger', 0, null)`.execute(db);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_025', async () => {
    await dropTables(db, ['report_rollups', 'ledger_hours']);
    if (isPostgres(db)) {
      await db.schema.dropIndex('ledger_entries_seq_idx').execute();
      await db.schema.alterTable('ledger_entries').dropColumn('seq').execute();
    }
  });
}
