import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../src/db/migrations/index.js';

// A released migration has run on production databases: what it runs must never change, however
// its code is reshaped. migrations-sql.json holds the statements each migration compiles to on
// each dialect (up, then down), recorded when it was released; the test compiles the migrations
// again and compares. Reading answers nothing (no rows), so the statements are those of an empty
// database. To freeze a released migration: FREEZE_MIGRATION=<name>[,<name>…] on one run adds it.

const FILE = fileURLToPath(new URL('./migrations-sql.json', import.meta.url));
const DIALECTS = {
  sqlite: { adapter: () => new SqliteAdapter(), compiler: () => new SqliteQueryCompiler(), introspector: (db: Kysely<unknown>) => new SqliteIntrospector(db) },
  postgres: { adapter: () => new PostgresAdapter(), compiler: () => new PostgresQueryCompiler(), introspector: (db: Kysely<unknown>) => new PostgresIntrospector(db) },
} as const;
type Dialect = keyof typeof DIALECTS;

/** A database of `dialect` that runs nothing: it writes down every statement it is given. */
function recordingDb(dialect: Dialect, statements: string[]): Kysely<unknown> {
  const connection: DatabaseConnection = {
    executeQuery: async (query: CompiledQuery) => {
      statements.push(query.parameters.length === 0 ? query.sql : `${query.sql} -- ${JSON.stringify(query.parameters)}`);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not streamed');
    },
  };
  const nothing = async () => undefined;
  const driver: Driver = {
    init: nothing,
    acquireConnection: async () => connection,
    beginTransaction: nothing,
    commitTransaction: nothing,
    rollbackTransaction: nothing,
    releaseConnection: nothing,
    destroy: nothing,
  };
  const { adapter, compiler, introspector } = DIALECTS[dialect];
  return new Kysely<unknown>({ dialect: { createAdapter: adapter, createDriver: () => driver, createQueryCompiler: compiler, createIntrospector: introspector } });
}

async function compiled(name: string, dialect: Dialect): Promise<string[]> {
  const migration = (await migrationProvider.getMigrations())[name];
  if (!migration) throw new Error(`no migration ${name}`);
  const up: string[] = [];
  await migration.up(recordingDb(dialect, up));
  const down: string[] = [];
  await migration.down?.(recordingDb(dialect, down));
  return ['-- up', ...up, '-- down', ...down];
}

type Frozen = Record<string, Record<Dialect, string[]>>;
const frozen: Frozen = JSON.parse(readFileSync(FILE, 'utf8'));
const dialects = Object.keys(DIALECTS) as Dialect[];

describe('released migrations', () => {
  it.runIf(process.env.FREEZE_MIGRATION)('are frozen on request', async () => {
    for (const name of process.env.FREEZE_MIGRATION!.split(',')) {
      frozen[name] = { sqlite: await compiled(name, 'sqlite'), postgres: await compiled(name, 'postgres') };
    }
    const sorted = Object.fromEntries(Object.entries(frozen).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  });

  it('include every migration up to the latest frozen one', async () => {
    const names = Object.keys(await migrationProvider.getMigrations());
    const latest = Object.keys(frozen).sort().at(-1)!;
    expect(Object.keys(frozen).sort()).toEqual(names.filter((name) => name <= latest).sort());
  });

  it.each(Object.keys(frozen).flatMap((name) => dialects.map((dialect) => ({ name, dialect }))))(
    '$name on $dialect: compiles to the SQL it ran when released',
    async ({ name, dialect }) => {
      expect(await compiled(name, dialect)).toEqual(frozen[name]![dialect]);
    },
  );
});
