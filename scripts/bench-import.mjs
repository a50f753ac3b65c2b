// npm run bench:import: how fast and in how much memory `tessera cards import` takes a big file.
// Generates gift card files of 100 000 and 1 000 000 cards (BENCH_IMPORT_SIZES to choose), imports
// each into a new SQLite database and a new PostgreSQL schema with the built CLI, and prints the
// cards per second (wall time of the whole command, start-up included) and the command's peak
// memory (maximum resident set size, from the kernel via wait4). Target (issue 13): at least
// 50 000 cards/s on both, under 250 MB for a million cards. It also prints the command's own CPU
// time (user + system): on a machine shared with other work the wall time says as much about the
// others as about the import, the CPU time much less (PostgreSQL's own work is not in it).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, ROOT } from './lib/build.mjs';

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '100000,1000000').split(',').map(Number);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLI = path.join(ROOT, 'apps/server/dist/cli.js');
const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-import-'));

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

async function database(kind, n) {
  if (kind === 'sqlite') {
    const file = path.join(dir, `bench-${n}.db`);
    return { env: { DATABASE_URL: `file:${file}`, KEYS_FILE: path.join(dir, `keys-${n}.json`) }, drop: async () => {} };
  }
  const schema = `bench_import_${n}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  await admin.end();
  return {
    env: { DATABASE_URL: PG_ADMIN_URL, DATABASE_SCHEMA: schema, KEYS_FILE: path.join(dir, `keys-pg-${n}.json`) },
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

buildIfStale({ only: ['apps/server'] });
const rows = [];
try {
  for (const n of SIZES) {
    const file = await cardsFile(n);
    for (const kind of ['sqlite', 'postgres']) {
      const db = await database(kind, n);
      try {
        await cli(['db', 'migrate'], db.env);
        await cli(['brands', 'import', path.join(ROOT, 'apps/server/src/demo/brands/demo/brand.json')], db.env);
        const run = await cli(['cards', 'import', file], db.env);
        if (!run.out.includes(`Imported ${n} cards`)) throw new Error(`unexpected answer: ${run.out}`);
        rows.push({ kind, n, perSecond: n / run.seconds, seconds: run.seconds, cpuSeconds: run.cpuSeconds, rssMb: run.rssKb === undefined ? undefined : run.rssKb / 1024 });
        const r = rows.at(-1);
        const cpu = r.cpuSeconds === undefined ? '' : `  cpu ${r.cpuSeconds.toFixed(1)} s (${Math.round(n / r.cpuSeconds)} cards per cpu-second)`;
        console.log(`${kind.padEnd(8)} ${String(n).padStart(9)} cards  ${r.seconds.toFixed(1).padStart(7)} s  ${Math.round(r.perSecond).toString().padStart(7)} cards/s ${r.perSecond >= 50000 ? 'pass' : 'FAIL'}  peak ${r.rssMb === undefined ? '?' : r.rssMb.toFixed(0)} MB ${n < 1_000_000 || r.rssMb === undefined ? '' : r.rssMb < 250 ? 'pass' : 'FAIL'}${cpu}  (load ${loadavg()[0].toFixed(1)})`);
      } finally {
        await db.drop();
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
