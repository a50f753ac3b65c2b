import { type CreateTableBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * Steps that several migrations take alike. Released migrations run these, so what they write
 * must never change: a change here changes the schema of every database migrated afterwards.
 * Like the migrations, this module imports nothing from the application.
 */

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The type of a column of bytes (images, fonts): bytea on PostgreSQL, blob on SQLite. */
export function binaryType(db: Kysely<unknown>): 'bytea' | 'blob' {
  return isPostgres(db) ? 'bytea' : 'blob';
}

/** `column in ('a', 'b')`: the CHECK of a column that holds one of a few codes. */
export function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}

/**
 * All or nothing on SQLite too. PostgreSQL runs each migration in the migrator's transaction;
 * SQLite's migrator run holds one BEGIN IMMEDIATE (sqlite-driver.ts) that is committed whatever
 * happened, so a migration failing halfway would leave half a rebuild (a stray `<table>_new`)
 * behind, and two processes starting at once may both run it. A savepoint rolls this
 * migration's steps back before the error goes on to the migrator.
 */
export async function atomically(db: Kysely<unknown>, savepoint: string, steps: () => Promise<void>): Promise<void> {
  if (isPostgres(db)) return steps();
  const name = sql.raw(savepoint);
  await sql`savepoint ${name}`.execute(db);
  try {
    await steps();
  } catch (error) {
    await sql`rollback to ${name}`.execute(db);
    throw error;
  } finally {
    await sql`release ${name}`.execute(db);
  }
}

/** A table's columns and table constraints, given the codes its CHECKed column allows. */
export type TableColumns = (table: CreateTableBuilder<string, never>, codes: readonly string[]) => CreateTableBuilder<string, string>;

export interface CodesCheck {
  table: string;
  column: string;
  /** The table as its migration created it: SQLite can only change a CHECK by rebuilding the table. */
  columns: TableColumns;
}

/**
 * Sets the codes a column's CHECK allows (`<table>_<column>_check`). PostgreSQL alters the
 * constraint. A CHECK cannot be altered in SQLite: the table is rebuilt with its rows and the new
 * CHECK, and its indexes and triggers are gone afterwards (the caller makes them again: for
 * `ledger_entries`, 026's createBalanceTriggers).
 */
export async function setAllowedCodes(db: Kysely<unknown>, check: CodesCheck, codes: readonly string[]): Promise<void> {
  const { table, column } = check;
  if (isPostgres(db)) {
    const constraint = sql.raw(`${table}_${column}_check`);
    await sql`alter table ${sql.raw(table)} drop constraint if exists ${constraint}`.execute(db);
    await sql`alter table ${sql.raw(table)} add constraint ${constraint} check (${oneOf(column, codes)})`.execute(db);
    return;
  }
  const rebuilt = `${table}_new`;
  await check.columns(db.schema.createTable(rebuilt), codes).execute();
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${rebuilt}) order by cid`.execute(db);
  const columns = sql.raw(rows.map((r) => r.name).join(', '));
  await sql`insert into ${sql.raw(rebuilt)} (${columns}) select ${columns} from ${sql.raw(table)}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(rebuilt).renameTo(table).execute();
}
