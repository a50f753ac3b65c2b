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

async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  const schema = await currentSchema(db);
  return new Migrator({ db, provider: migrationProvider, ...(schema && { migrationTableSchema: schema }) });
}

/**
 * Brings the database to the latest schema; throws with the failing migration's error. Kysely's
 * migrator runs the pending migrations in one transaction under its lock row
 * (kysely_migration_lock); on PostgreSQL replicas that start together take turns there. SQLite
 * transactions begin deferred, so two processes may both read "nothing applied" and the later
 * one's CREATE then fails (table exists, or SQLITE_BUSY on its stale read): when a run fails and
 * the schema turns out complete, another process did the work and this one is done too; when
 * something is still missing, it tries again (up to three runs) before reporting the error.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db);
    } catch (error) {
      const { pending } = await migrationStatus(db).catch(() => ({ pending: ['(unknown)'] }));
      if (pending.length === 0) return [];
      if (attempt >= 3) throw error;
    }
  }
}

async function migrateOnce(db: Kysely<Database>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((r) => r.migrationName);
}

export interface MigrationStatus {
  applied: { name: string; at: Date }[];
  pending: string[];
}

/** Which migrations the database has and which it still lacks; changes nothing. */
export async function migrationStatus(db: Kysely<Database>): Promise<MigrationStatus> {
  const migrations = await (await migratorFor(db)).getMigrations();
  return {
    applied: migrations.filter((m) => m.executedAt !== undefined).map((m) => ({ name: m.name, at: m.executedAt! })),
    pending: migrations.filter((m) => m.executedAt === undefined).map((m) => m.name),
  };
}

