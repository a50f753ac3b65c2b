// npm run bench:import: how fast and in how much memory `tessera cards import` takes a big file,
// against the database's own bulk load of the same rows, measured in the same run.
// Generates gift card files of 100 000 and 1 000 000 cards (BENCH_IMPORT_SIZES to choose), imports
// each into a new SQLite database and a new PostgreSQL schema with the built CLI, then loads the
// rows that import wrote into a second, freshly migrated database the fastest way that database
// has (scripts/lib/bulk-load-baseline.mjs: prepared multi-row INSERTs in one transaction on SQLite,
// COPY on PostgreSQL; no parsing, checks or crypto). For each it prints:
// - the import's cards per second (wall time of the whole command, start-up included) and the
//   baseline's (writing and commit only), and the import's time as a multiple of the baseline's
//   (the target proposed in decision 026: at most 1.5×);
// - the import command's own CPU time (user + system, every thread of the process; PostgreSQL's
//   own work is not in it) and its peak memory (maximum resident set size, from /usr/bin/time);
// - the machine's load (1, 5 and 15 minute averages, as uptime prints them) before and after.
// The absolute target of docs/decisions/026, 50 000 cards/s, is printed as pass/FAIL too; on a machine shared
// with other work the ratio and the CPU time say more about the import than the wall time.
// BENCH_IMPORT_WORKERS, when set, is passed as `--workers` to the import; BENCH_IMPORT_CLI runs
// another build of the CLI (a copy of an earlier dist/cli.js, to compare before and after in one
// sitting) instead of apps/server/dist/cli.js; BENCH_IMPORT_DATABASES=sqlite or postgres runs one.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildIfStale, ROOT } from './lib/build.mjs';
import { postgresBulkLoad, sqliteBulkLoad } from './lib/bulk-load-baseline.mjs';

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '100000,1000000').split(',').map(Number);
const KINDS = (process.env.BENCH_IMPORT_DATABASES ?? 'sqlite,postgres').split(',');
const WORKERS = process.env.BENCH_IMPORT_WORKERS;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLI = process.env.BENCH_IMPORT_CLI ? path.resolve(process.env.BENCH_IMPORT_CLI) : path.join(ROOT, 'apps/server/dist/cli.js');
const BRAND_FILE = path.join(ROOT, 'apps/server/src/demo/brands/demo/brand.json');
const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-import-'));

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** A cards file of `n` gift cards of brand DEMO with distinct numbers, written as a stream. */
async function cardsFile(n) {
  const file = path.join(dir, `cards-${n}.csv`);
  const out = createWriteStream(file);
  out.write('brand,kind,card_number,security_code,balance,expires_at\n');
  for (let i = 0; i < n; i++) {
    const line = `DEMO,giftcard,6069${String(i).padStart(15, '0')},${String(100000 + (i % 900000))},${i % 100000},2099-12-31\n`;
    if (!out.write(line)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve) => out.end(resolve));
  return file;
}

/** Runs the CLI; answers seconds, CPU seconds and peak RSS (KB) as /usr/bin/time reports them. */
function cli(args, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const timed = ['/usr/bin/time', ['-f', 'maxrss=%M cpu=%U+%S', process.execPath, CLI, ...args]];
    const child = spawn(timed[0], timed[1], { env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) return reject(new Error(`tessera ${args.join(' ')} exited ${code}: ${err || out}`));
      const rss = /maxrss=(\d+)/.exec(err);
      const cpu = /cpu=([\d.]+)\+([\d.]+)/.exec(err);
      resolve({ seconds, rssKb: rss ? Number(rss[1]) : undefined, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : undefined, out });
    });
  });
}

async function adminQuery(text) {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** A new database (SQLite file or PostgreSQL schema), migrated, with the demo brand. */
async function database(kind, name) {
  let db;
  if (kind === 'sqlite') {
    const file = path.join(dir, `bench-${name}.db`);
    db = {
      file,
      env: { DATABASE_URL: `file:${file}`, KEYS_FILE: path.join(dir, `keys-${name}.json`) },
      brandId: () => {
        const sqlite = new Database(file, { readonly: true });
        try {
          return sqlite.prepare("select id from brands where code = 'DEMO'").get().id;
        } finally {
          sqlite.close();
        }
      },
      drop: async () => {},
    };
  } else {
    const schema = `bench_import_${name}_${process.pid}`;
    await adminQuery(`drop schema if exists ${schema} cascade; create schema ${schema}`);
    db = {
      schema,
      env: { DATABASE_URL: PG_ADMIN_URL, DATABASE_SCHEMA: schema, KEYS_FILE: path.join(dir, `keys-pg-${name}.json`) },
      brandId: async () => (await adminQuery(`select id from ${schema}.brands where code = 'DEMO'`)).rows[0].id,
      drop: async () => void (await adminQuery(`drop schema if exists ${schema} cascade`)),
    };
  }
  await cli(['db', 'migrate'], db.env);
  await cli(['brands', 'import', BRAND_FILE], db.env);
  return db;
}

if (!process.env.BENCH_IMPORT_CLI) buildIfStale({ only: ['apps/server'] });
console.log(`bench:import ${SIZES.join(', ')} cards on ${KINDS.join(', ')} with ${path.relative(ROOT, CLI)}${WORKERS ? ` --workers ${WORKERS}` : ''}; load before: ${load()}`);
try {
  for (const n of SIZES) {
    const file = await cardsFile(n);
    for (const kind of KINDS) {
      const imported = await database(kind, `${n}`);
      const baseline = await database(kind, `${n}_base`);
      try {
        const loadBefore = load();
        const run = await cli(['cards', 'import', file, ...(WORKERS ? ['--workers', WORKERS] : [])], imported.env);
        if (!run.out.includes(`Imported ${n} cards`)) throw new Error(`unexpected answer: ${run.out}`);
        const loadAfterImport = load();
        const brandId = await baseline.brandId();
        const bulk =
          kind === 'sqlite'
            ? sqliteBulkLoad({ sourceFile: imported.file, targetFile: baseline.file, brandId })
            : await postgresBulkLoad({ url: PG_ADMIN_URL, sourceSchema: imported.schema, targetSchema: baseline.schema, brandId, dir });
        if (bulk.counts.cards !== n) throw new Error(`the baseline loaded ${bulk.counts.cards} cards, not ${n}`);
        const perSecond = n / run.seconds;
        const basePerSecond = n / bulk.seconds;
        const rssMb = run.rssKb === undefined ? undefined : run.rssKb / 1024;
        const cpu = run.cpuSeconds === undefined ? '?' : `${run.cpuSeconds.toFixed(1)} s (${Math.round(n / run.cpuSeconds)} cards per cpu-second)`;
        console.log(
          [
            `${kind.padEnd(8)} ${String(n).padStart(9)} cards`,
            `  import   ${run.seconds.toFixed(1).padStart(7)} s ${Math.round(perSecond).toString().padStart(7)} cards/s (50 000: ${perSecond >= 50000 ? 'pass' : 'FAIL'})  cpu ${cpu}  peak ${rssMb === undefined ? '?' : rssMb.toFixed(0)} MB${n < 1_000_000 || rssMb === undefined ? '' : rssMb < 250 ? ' (< 250: pass)' : ' (< 250: FAIL)'}`,
            `  baseline ${bulk.seconds.toFixed(1).padStart(7)} s ${Math.round(basePerSecond).toString().padStart(7)} cards/s (the database's own bulk load of the same rows: ${Object.entries(bulk.counts).map(([t, c]) => `${t} ${c}`).join(', ')})`,
            `  ratio    import time = ${(run.seconds / bulk.seconds).toFixed(2)} × baseline (proposed target ≤ 1.5: ${run.seconds / bulk.seconds <= 1.5 ? 'pass' : 'FAIL'}); import cards/s = ${(perSecond / basePerSecond).toFixed(2)} of the baseline's`,
            `  load     ${loadBefore} before the import, ${loadAfterImport} after it, ${load()} after the baseline`,
          ].join('\n'),
        );
      } finally {
        await imported.drop();
        await baseline.drop();
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
