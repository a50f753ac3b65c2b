import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Checkpointer } from './checkpointer.js';

/**
 * Kysely's SQLite dialect with two changes that matter under load (docs/decisions/004-performance.md):
 *
 * - Prepared statements are cached by their SQL text. Kysely's own driver calls
 *   `better-sqlite3 prepare()` for every query, which parsed and planned the same few statements
 *   thousands of times a second. The SQL text is the whole key (values are bound parameters), so a
 *   cached statement can never carry one request's values into another.
 * - The connection lock is a FIFO queue that hands the connection straight to the next waiter.
 *   Kysely's lock wakes every waiter on each release (they all re-check and all but one go back to
 *   sleep), which costs O(waiters) per query and lets newcomers overtake queued requests, so the
 *   slowest requests waited for seconds under 50 concurrent clients.
 *
 * There is one connection: better-sqlite3 is synchronous, so more connections in one process would
 * add no parallelism, and a transaction holds the connection until it commits.
 */
export class CachingSqliteDialect implements Dialect {
  constructor(
    private readonly database: BetterSqlite3.Database,
    private readonly options: { statementCacheSize?: number; checkpointer?: Checkpointer } = {},
  ) {}

  createDriver(): Driver {
    return new CachingSqliteDriver(this.database, this.options.statementCacheSize ?? 256, this.options.checkpointer);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new MigrationLockingSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * Kysely's SQLite adapter takes no migration lock ("one connection"), which holds within one
 * process only: processes started together on one database file ran the same migrations side by
 * side and all but one failed on "table already exists". Here the migrator's reserved connection
 * opens an IMMEDIATE transaction (the database's write lock; others wait up to busy_timeout) for
 * the whole run, so the next process reads the finished state and has nothing to do. Kysely runs
 * SQLite migrations without a transaction of its own, so this one does not nest.
 */
export class MigrationLockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await db.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await db.executeQuery(CompiledQuery.raw('commit'));
  }
}

/** A lock handed to waiters in arrival order. */
export class FifoMutex {
  #locked = false;
  #waiters: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    // The lock passes to the next waiter without being released, so nobody can overtake it.
    if (next) next();
    else this.#locked = false;
  }
}

class CachingSqliteDriver implements Driver {
  readonly #mutex = new FifoMutex();
  readonly #connection: CachingSqliteConnection;

  constructor(
    private readonly database: BetterSqlite3.Database,
    statementCacheSize: number,
    private readonly checkpointer: Checkpointer | undefined,
  ) {
    this.#connection = new CachingSqliteConnection(database, statementCacheSize);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  /**
   * IMMEDIATE: the write lock from the start. The server and an operator's `tessera` command are
   * two processes on one file; in a deferred transaction that reads and then writes (the payout
   * export marks what it read), a commit by the other process in between fails the write with
   * SQLITE_BUSY_SNAPSHOT, which busy_timeout does not wait out. Within the process the connection
   * lock serialises transactions anyway, so this costs the server nothing.
   */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    await this.checkpointer?.stop();
    this.#connection.clear();
    this.database.close();
  }
}

class CachingSqliteConnection implements DatabaseConnection {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly maxStatements: number,
  ) {}

  #prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (statement) return statement;
    statement = this.db.prepare(sql);
    // Kysely builds a few statements whose text varies (IN lists, multi-row inserts); the cache
    // stays bounded by dropping the oldest entry.
    if (this.#statements.size >= this.maxStatements) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  clear(): void {
    this.#statements.clear();
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const statement = this.#prepare(sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    // A statement of its own: a cached one could be asked to run again while this one iterates.
    const statement = this.db.prepare(sql);
    for (const row of statement.iterate(parameters)) yield { rows: [row as R] };
  }
}
