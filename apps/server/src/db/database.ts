import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/index.js';
import { preparedStatementNames } from './prepared.js';
import type { Database } from './schema.js';
import { type Checkpointer, startCheckpointer } from './checkpointer.js';
import { CachingSqliteDialect } from './sqlite-driver.js';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /**
   * SQLite: run WAL checkpoints on a worker thread instead of inside whichever commit fills the
   * WAL (checkpointer.ts). For the long-running server; short-lived tools keep SQLite's default.
   */
  backgroundCheckpoint?: { onError?: (message: string) => void };
}

/** The dialect follows DATABASE_URL: file:PATH is SQLite, postgres:// is PostgreSQL. */
export function createDatabase(database: Config['database'], options: DatabaseOptions = {}): Db {
  if (database.dialect === 'sqlite') {
    mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    // WAL lets readers work during a write; busy_timeout waits for a lock instead of failing;
    // NORMAL sync is durable across process crashes in WAL mode and much faster than FULL.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    let checkpointer: Checkpointer | undefined;
    if (options.backgroundCheckpoint) {
      sqlite.pragma('wal_autocheckpoint = 0');
      checkpointer = startCheckpointer(database.file, options.backgroundCheckpoint);
    }
    // Cached prepared statements and a fair connection lock (sqlite-driver.ts).
    return new Kysely<Database>({ dialect: new CachingSqliteDialect(sqlite, { checkpointer }) });
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: database.poolMax,
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
}

/**
 * The pool as Kysely sees it, except that the SQL of preparedQuery() runs as a named prepared
 * statement: PostgreSQL parses and plans it once per connection instead of on every lookup.
 * Everything else goes through unchanged.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      wrapper = {
        query: ((text: unknown, values?: unknown[]) => {
          const raw = typeof text === 'string' ? rawClientCalls.get(text) : undefined;
          if (raw) return raw(client);
          const name = typeof text === 'string' ? preparedStatementNames.get(text) : undefined;
          if (name) return client.query({ name, text: text as string, values });
          return values === undefined ? client.query(text as string) : client.query(text as string, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

/** Calls waiting for their connection's pg client (withPgClient), by the token query that finds it. */
const rawClientCalls = new Map<string, (client: pg.PoolClient) => Promise<{ command: string; rowCount: number; rows: never[] }>>();

/**
 * Runs `use` with the pg client of the connection `db` is on: inside a transaction, the one
 * the transaction holds. For what Kysely cannot say, COPY above all (the card import). Kysely
 * hands the connection only a query's text, so a one-off token query is the way in: the pool
 * wrapper above recognizes it and calls `use` with its client instead of sending it.
 */
export async function withPgClient<T>(db: Pick<Db, 'executeQuery'>, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const token = `select 1 /* tessera: pg client ${randomUUID()} */`;
  let answer: { value: T } | undefined;
  rawClientCalls.set(token, async (client) => {
    answer = { value: await use(client) };
    return { command: 'SELECT', rowCount: 0, rows: [] };
  });
  try {
    await db.executeQuery(CompiledQuery.raw(token));
  } finally {
    rawClientCalls.delete(token);
  }
  if (!answer) throw new Error('withPgClient needs a PostgreSQL database made by createDatabase');
  return answer.value;
}

/** Which dialect a Kysely instance speaks, for the few statements that differ. */
export function isPostgres(db: Pick<Db, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
