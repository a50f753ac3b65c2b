import { type Kysely, Migrator, sql } from 'kysely';
import { isPostgres } from './database.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

/**
 * On PostgreSQL the migrator's bookkeeping tables go into the connection's current schema
 * (DATABASE_SCHEMA sets it). Without naming it, Kysely looks for them in every schema and, when
 * another schema of the same database has them, thinks they exist here too.
 */
async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Brings the database to the latest schema; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema && { migrationTableSchema: schema }) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((r) => r.migrationName);
}
