// The database's own bulk load of the rows a card import wrote, for npm run bench:import
// (docs/decisions/026): the import's speed is quoted against it, measured in the same run on the
// same machine, so a figure says how much the import adds to what the database needs anyway.
//
// The rows are the import's own (read back from the database it wrote, with the brand id of the
// target's brand), loaded into a freshly migrated database with the same indexes, foreign keys and
// settings, in one transaction: no parsing, no checks, no crypto, no duplicate look-ups. Only the
// writing and the commit are timed; reading the rows back is not.
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** The tables an import writes, in the order their foreign keys need. */
export const CARD_TABLES = ['cards', 'card_secrets', 'visa_holders', 'ledger_entries'];

/** SQLite binds at most 32 766 parameters per statement (as apps/server/src/db/bulk-insert.ts). */
const SQLITE_MAX_PARAMETERS = 32_766;
/** Rows read back (untimed) before they are written (timed). */
const READ_CHUNK = 20_000;

const ident = (name) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

/**
 * SQLite: prepared multi-row INSERTs (as many rows as the parameter limit allows, one statement
 * text prepared once) of the pre-made rows, one transaction, the connection set up as the
 * server's (WAL, foreign keys, synchronous NORMAL) with the import's 32 MB page cache.
 * Answers the seconds spent writing and committing, and the rows per table.
 */
export function sqliteBulkLoad({ sourceFile, targetFile, brandId, cacheMb = 32 }) {
  const source = new Database(sourceFile, { readonly: true });
  const target = new Database(targetFile);
  target.pragma('journal_mode = WAL');
  target.pragma('foreign_keys = ON');
  target.pragma('busy_timeout = 5000');
  target.pragma('synchronous = NORMAL');
  target.pragma(`cache_size = ${-cacheMb * 1024}`);
  const counts = {};
  let seconds = 0;
  const timed = (fn) => {
    const started = process.hrtime.bigint();
    fn();
    seconds += Number(process.hrtime.bigint() - started) / 1e9;
  };
  try {
    timed(() => target.exec('begin'));
    for (const table of CARD_TABLES) {
      const columns = source.pragma(`table_info(${table})`).map((c) => c.name);
      const width = columns.length;
      const select = source
        .prepare(`select _rowid_, ${columns.map((c) => (c === 'brand_id' ? '? as brand_id' : ident(c))).join(', ')} from ${ident(table)} where _rowid_ > ? order by _rowid_ limit ${READ_CHUNK}`)
        .raw(true);
      const rowsPerStatement = Math.floor(SQLITE_MAX_PARAMETERS / width);
      const statements = new Map();
      const insert = (rows) => {
        let statement = statements.get(rows);
        if (!statement) {
          const row = `(${columns.map(() => '?').join(',')})`;
          statement = target.prepare(`insert into ${ident(table)} (${columns.map(ident).join(', ')}) values ${Array.from({ length: rows }, () => row).join(',')}`);
          statements.set(rows, statement);
        }
        return statement;
      };
      let after = 0;
      counts[table] = 0;
      for (;;) {
        const rows = select.all(...(columns.includes('brand_id') ? [brandId] : []), after);
        if (rows.length === 0) break;
        after = rows.at(-1)[0];
        const values = [];
        for (const row of rows) for (let i = 1; i <= width; i++) values.push(row[i]);
        timed(() => {
          for (let start = 0; start < rows.length; start += rowsPerStatement) {
            const n = Math.min(rowsPerStatement, rows.length - start);
            insert(n).run(values.slice(start * width, (start + n) * width));
          }
        });
        counts[table] += rows.length;
      }
    }
    timed(() => target.exec('commit'));
  } finally {
    source.close();
    target.close();
  }
  return { seconds, counts };
}

/**
 * PostgreSQL: COPY … FROM STDIN (text format, as the import sends it) of the pre-made rows, one
 * COPY per table in one transaction. The rows are first copied out of the import's schema into
 * files (untimed). Answers the seconds the COPYs and the commit took, and the rows per table.
 */
export async function postgresBulkLoad({ url, sourceSchema, targetSchema, brandId, dir }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = {};
  try {
    const plan = [];
    for (const table of CARD_TABLES) {
      const { rows } = await client.query('select column_name from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position', [sourceSchema, table]);
      const columns = rows.map((r) => r.column_name);
      const select = columns.map((c) => (c === 'brand_id' ? `${pg.escapeLiteral(brandId)}::text as brand_id` : ident(c))).join(', ');
      const file = path.join(dir, `${targetSchema}-${table}.copy`);
      await pipeline(client.query(copyTo(`copy (select ${select} from ${ident(sourceSchema)}.${ident(table)}) to stdout`)), createWriteStream(file));
      counts[table] = Number((await client.query(`select count(*) as n from ${ident(sourceSchema)}.${ident(table)}`)).rows[0].n);
      plan.push({ table, columns, file });
    }
    await client.query(`set search_path to ${ident(targetSchema)}`);
    const started = process.hrtime.bigint();
    await client.query('begin');
    for (const { table, columns, file } of plan) {
      await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), client.query(copyFrom(`copy ${ident(table)} (${columns.map(ident).join(', ')}) from stdin`)));
    }
    await client.query('commit');
    return { seconds: Number(process.hrtime.bigint() - started) / 1e9, counts };
  } finally {
    await client.end();
  }
}
