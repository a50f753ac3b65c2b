// npm run bench: autocannon against the built server, in one run, so the figures compare.
// Prints requests/s and p50/p99 latency of a bare Fastify GET (the ceiling), a bare Fastify POST of
// the lookup's body (the floor of any lookup), GET /api/theme/demo and the gift card lookup (test
// captcha), on SQLite and on PostgreSQL.
// Then a brand API redemption (POST /api/v1/cards/{id}/redemptions, a fresh Idempotency-Key per
// request, spread over 50 cards issued through the API) on both databases: next to the bare POST
// floor, what a money-moving call costs (key lookup, idempotency claim, card lock, ledger sum,
// ledger + redemption + audit rows and the stored answer in one transaction).
// It also prints the server's CPU time per request (user + system, read from /proc for the server
// process during the measured run), as a multiple of the bare POST floor's in the same run:
// autocannon shares the machine's cores, so requests/s moves with whatever else runs, while CPU
// per request says what the route itself costs. The lookup and the redemption are judged by that
// multiple (docs/decisions/004-performance.md).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT } from './lib/build.mjs';
import { cpuSecondsOf } from './lib/process-cpu.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Ports of the ceiling, SQLite and PostgreSQL servers: BASE, BASE+1, BASE+2.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 18100);
// A short unmeasured run first, so V8 has optimised the hot paths and caches/pools are warm.
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

async function waitFor(url, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function startProcess(args, env) {
  return spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

function run(name, opts, server) {
  return warmUp(opts).then(() => measure(name, opts, server));
}

function warmUp(opts) {
  if (WARMUP <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: WARMUP, ...opts }, (err) => (err ? reject(err) : resolve()));
  });
}

function measure(name, opts, server) {
  const cpuBefore = cpuSecondsOf(server.pid);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) => {
      if (err) return reject(err);
      const cpuAfter = cpuSecondsOf(server.pid);
      const cpuPerRequest =
        cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
          ? undefined
          : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
      const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
      resolve({ name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, cpuPerRequest });
    });
  });
}

const lookupBody = JSON.stringify({
  code: 'DEMO',
  giftCardNumber: '6064 0000 0000 0000 101',
  pinCode: '482913',
  'g-recaptcha-response': 'test-pass',
  showResetUrl: true,
});

const REDEMPTION_CARDS = 50;

/**
 * The autocannon options of the redemption run: a key made by the operator's tool on the server's
 * database, 50 cards issued through the API (EUR 1 000 000.00 each, far more than the run takes),
 * and each request redeeming 0.01 from the next card with a fresh Idempotency-Key.
 */
async function redemptionRun(env, port) {
  const created = execFileSync(
    process.execPath,
    ['apps/server/dist/cli.js', 'api-keys', 'create', '--brand', 'DEMO', '--name', 'bench', '--scopes', 'cards:write,redemptions:write', '--json', '--by', 'bench'],
    { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  const { key } = JSON.parse(created);
  const base = `http://127.0.0.1:${port}/api/v1`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const cards = [];
  for (let i = 0; i < REDEMPTION_CARDS; i++) {
    const res = await fetch(`${base}/cards`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ kind: 'giftcard', balance: { value: 100_000_000, assetCode: 'EUR' } }),
    });
    if (res.status !== 201) throw new Error(`issuing a bench card answered ${res.status}: ${await res.text()}`);
    cards.push((await res.json()).id);
  }
  let next = 0;
  return {
    url: `${base}/cards/${cards[0]}/redemptions`,
    method: 'POST',
    headers,
    body: JSON.stringify({ amount: { value: 1, assetCode: 'EUR' } }),
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/api/v1/cards/${cards[next++ % cards.length]}/redemptions`,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
        }),
      },
    ],
  };
}

async function benchServer(label, databaseUrl, port) {
  const env = {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://localhost:${port}`,
    // The bench reaches the API at 127.0.0.1, so the PIN frame (only ever served on its own host) gets another name.
    PIN_FRAME_URL: `http://pin.localhost:${port}`,
    CAPTCHA_PROVIDER: 'test',
    RATE_LIMIT_PER_MINUTE: '100000000',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'warn',
  };
  const server = startProcess(['apps/server/dist/main.js'], env);
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`, server);
    const theme = await run(`GET /api/theme/demo (${label})`, { url: `http://127.0.0.1:${port}/api/theme/demo` }, server);
    const lookup = await run(
      `POST /api/GiftCard/ (${label})`,
      {
        url: `http://127.0.0.1:${port}/api/GiftCard/`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-flow-type': 'BALANCE' },
        body: lookupBody,
      },
      server,
    );
    const redemption = await run(`POST /api/v1/…/redemptions (${label})`, await redemptionRun(env, port), server);
    return [theme, lookup, redemption];
  } finally {
    await stop(server);
  }
}

const results = [];
const ceilingProcess = startProcess(['scripts/bench-ceiling.mjs'], { PORT: String(PORT_BASE) });
try {
  await waitFor(`http://127.0.0.1:${PORT_BASE}/ceiling`, ceilingProcess);
  results.push(await run('bare Fastify JSON route (ceiling)', { url: `http://127.0.0.1:${PORT_BASE}/ceiling` }, ceilingProcess));
  results.push(
    await run(
      'bare Fastify POST, lookup body (floor)',
      {
        url: `http://127.0.0.1:${PORT_BASE}/floor`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-flow-type': 'BALANCE' },
        body: lookupBody,
      },
      ceilingProcess,
    ),
  );
} finally {
  await stop(ceilingProcess);
}

const sqliteDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-'));
try {
  results.push(...(await benchServer('SQLite', `file:${path.join(sqliteDir, 'bench.db')}`, PORT_BASE + 1)));
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}

const dbName = `tessera_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
try {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  results.push(...(await benchServer('PostgreSQL', url.toString(), PORT_BASE + 2)));
} catch (error) {
  console.error(`PostgreSQL bench skipped: ${error.message}`);
  process.exitCode = 1;
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`).catch(() => {});
  await admin.end().catch(() => {});
}

console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION} s each\n`);
const pad = (s, n) => String(s).padEnd(n);
const floorCpu = results[1].cpuPerRequest;
/** A route's server CPU per request, in µs and as a multiple of the bare POST floor's. */
const cpuText = (cpuPerRequest) => (cpuPerRequest === undefined ? 'n/a' : `${Math.round(cpuPerRequest)} µs${floorCpu ? ` (${(cpuPerRequest / floorCpu).toFixed(1)}× floor)` : ''}`);
console.log(`${pad('route', 44)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}server CPU/req`);
for (const r of results) {
  console.log(`${pad(r.name, 44)}${pad(Math.round(r.rps), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(r.errors, 8)}${cpuText(r.cpuPerRequest)}`);
}
console.log(`\nServer CPU per request against the bare POST floor (${floorCpu ? `${Math.round(floorCpu)} µs` : 'not measured'}):`);
for (const r of results.filter((x) => x.name.startsWith('POST /api/GiftCard') || x.name.startsWith('POST /api/v1'))) {
  console.log(`${r.name}: ${cpuText(r.cpuPerRequest)}${r.errors > 0 ? `, ${r.errors} errors` : ''}`);
}
