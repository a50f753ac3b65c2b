import { CompiledQuery, sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isPostgres, withPgClient } from './database.js';
import type { Executor } from './repositories/executor.js';

export type BulkValue = string | number | null;

/** SQLite binds at most 32 766 parameters per statement. */
const SQLITE_MAX_PARAMETERS = 32_766;

/**
 * Inserts many rows of one table inside the caller's transaction, the fastest way each database
 * has. `values` is the rows one after another, `columns.length` values each: an import makes
 * millions of rows, so no object per row and no query builder.
 * - PostgreSQL: one COPY … FROM STDIN (text format) on the transaction's own connection.
 * - SQLite: multi-row INSERTs as large as its parameter limit allows; a full statement's text is
 *   the same every time, so the driver's statement cache prepares it once.
 */
export async function bulkInsert(db: Executor, table: string, columns: readonly string[], values: readonly BulkValue[]): Promise<void> {
  const width = columns.length;
  if (values.length === 0) return;
  if (values.length % width !== 0) throw new Error(`bulkInsert ${table}: ${values.length} values are not rows of ${width}`);
  if (isPostgres(db)) {
    await withPgClient(db, (client) => copyRows(client, table, columns, values));
    return;
  }
  const perStatement = Math.floor(SQLITE_MAX_PARAMETERS / width) * width;
  for (let start = 0; start < values.length; start += perStatement) {
    const part = values.slice(start, start + perStatement);
    await db.executeQuery(CompiledQuery.raw(insertText(table, columns, part.length / width), part as BulkValue[]));
  }
}

/**
 * SQLite only: a page cache of `megabytes` for this connection until `restore` is called (a
 * no-op on PostgreSQL, whose cache is the server's). A bulk insert into a table with a random
 * index (cards.number_index) touches a random page per row; SQLite's default 2 MB cache makes
 * every one a read and, once the transaction outgrows the cache, a write to the WAL as well.
 */
export async function growSqliteCache(db: Executor, megabytes: number): Promise<{ restore: () => Promise<void> }> {
  if (isPostgres(db)) return { restore: async () => {} };
  const before = (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size ?? -2000;
  await sql.raw(`pragma cache_size = ${-Math.round(megabytes * 1024)}`).execute(db);
  return { restore: async () => void (await sql.raw(`pragma cache_size = ${Number(before)}`).execute(db)) };
}

const texts = new Map<string, string>();

function insertText(table: string, columns: readonly string[], rows: number): string {
  const key = `${table}\u0000${columns.join(',')}\u0000${rows}`;
  let text = texts.get(key);
  if (text === undefined) {
    const row = `(${columns.map(() => '?').join(',')})`;
    text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${Array.from({ length: rows }, () => row).join(',')}`;
    texts.set(key, text);
  }
  return text;
}

function quote(identifier: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(identifier)) throw new Error(`not a plain identifier: ${identifier}`);
  return `"${identifier}"`;
}

/** COPY's text format: a tab between fields, \N for null, backslash escapes. */
function copyField(value: BulkValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyRows(client: pg.PoolClient, table: string, columns: readonly string[], values: readonly BulkValue[]): Promise<void> {
  const width = columns.length;
  const lines: string[] = [];
  for (let start = 0; start < values.length; start += width) {
    let line = copyField(values[start]!);
    for (let i = 1; i < width; i++) line += `\t${copyField(values[start + i]!)}`;
    lines.push(line);
  }
  return new Promise((resolve, reject) => {
    const stream = client.query(copyFrom(`copy ${quote(table)} (${columns.map(quote).join(', ')}) from stdin`));
    stream.on('error', reject);
    stream.on('finish', () => resolve());
    stream.end(`${lines.join('\n')}\n`);
  });
}
