// npm run bench:admin: the back office on PostgreSQL with a million imported cards, in one run
// against the portal's own card lookup (docs/decisions/032-staff-card-search.md, "Measured").
//
// Set-up (not measured): a schema of its own (scripts/lib/bench-admin-data.mjs: reused when an
// earlier run left one with the same cards, built otherwise: the server's demo seed and
// `tessera cards import` of BENCH_ADMIN_CARDS gift cards, 60 % DEMO, 40 % ACME), the built server
// on it as a child process (LOG_LEVEL warn), a demo staff member signed in through the sandbox
// staff provider over HTTP, a brand API key made with the CLI.
// Then BENCH_ADMIN_ROUNDS rounds, each of:
//  1. autocannon at BENCH_ADMIN_CONNECTIONS (20) concurrent requests, BENCH_SECONDS each after a
//     BENCH_WARMUP_SECONDS warm-up, each request another card: the portal's BALANCE lookup
//     (POST /api/GiftCard/, the baseline), the staff search by whole number and by brand + last
//     four digits. Per kind: the server process's CPU per request (user + system from /proc, as
//     npm run bench reads it), PostgreSQL's CPU per request (the server's own backends, found by
//     the application_name its connections carry), p50 and p95 latency;
//  2. a new card issued through the brand API and redeemed from until its timeline holds exactly
//     1 000 entries (a staff note for an odd remainder; counted through the timeline API), then
//     one request after another: the next timeline page ("Show more"), the last page, and the
//     card page itself (GET /admin/api/cards/:id, which answers the card with its first timeline
//     page and writes a staff.card_open audit event, so the timeline grows by one per request;
//     measured last);
//  3. Lighthouse (desktop preset) on /admin/ signed out (the sign-in screen) and signed in (the
//     search screen, the session cookie sent as an extra header);
//  4. the reports (docs/decisions/038) as BENCH_ADMIN_REPORTS_STAFF (finance of DEMO) over the
//     year of ledger entries the data step writes with SQL: liability and activity over the last
//     365 days and the expiring balances, BENCH_ADMIN_REPORT_REQUESTS requests each one after
//     another, printed beside the ledger's row count. They read the hours the server's roll-up has
//     counted (reports/ledger-rollup.ts) and the rest from the ledger: before the rounds, the run
//     waits until the housekeeping sweep the server runs at its start has counted every entry the
//     data step wrote (BENCH_ADMIN_ROLLUP_WAIT seconds at most, default 1800), and prints how long
//     that took and how many entries the reports still read from the ledger.
// It prints each round, then per figure the median of the rounds and their spread, and PASS or
// MISS against the targets, judged on the median. A miss does not fail the command; an error does.
//
//   BENCH_PG_URL             PostgreSQL (default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_ADMIN_SCHEMA       the schema (default bench_admin), kept at the end for the next run
//   BENCH_ADMIN_KEYS_FILE    its keys (default ~/.cache/tessera-bench/<schema>.keys.json)
//   BENCH_ADMIN_CARDS        cards to import (default 1000000)
//   BENCH_ADMIN_REBUILD=1    import afresh even when the schema could be reused
//   BENCH_ADMIN_PREPARE_ONLY=1  build (or check) the schema and stop: the import may run on a
//                            busy machine, the measurement then later on a quiet one
//   BENCH_ADMIN_PORT         the server's port (default 8291)
//   BENCH_ADMIN_ROUNDS       measurement rounds (default 3, at least 2)
//   BENCH_ADMIN_STAFF        who signs in (default support@demo.test: DEMO's cards only)
//   BENCH_ADMIN_PAGE_REQUESTS  sequential requests per card page figure per round (default 100)
//   BENCH_ADMIN_REPORTS_STAFF  who reads the reports (default finance@demo.test)
//   BENCH_ADMIN_REPORT_REQUESTS  sequential requests per report per round (default 5)
//   BENCH_ADMIN_ONLY=reports   measure the reports alone (no autocannon, card page or Lighthouse)
//   BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ADMIN_CONNECTIONS   autocannon (default 8, 2, 20)
//   CHROME_PATH              the browser (default /usr/bin/chromium)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import pg from 'pg';
import { benchCards, defaultKeysFile, ensureBenchSchema } from './lib/bench-admin-data.mjs';
import { runCli, startServer, stopServer } from './lib/bench-server.mjs';
import { lighthouseRun } from './lib/lighthouse-run.mjs';
import { cpuSecondsBetween, cpuSecondsOf, cpuSecondsOfEach } from './lib/process-cpu.mjs';
import { signInStaff } from './lib/staff-sign-in.mjs';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = process.env.BENCH_ADMIN_SCHEMA ?? 'bench_admin';
const KEYS_FILE = process.env.BENCH_ADMIN_KEYS_FILE ?? defaultKeysFile(SCHEMA);
const COUNT = Number(process.env.BENCH_ADMIN_CARDS ?? 1_000_000);
const PORT = Number(process.env.BENCH_ADMIN_PORT ?? 8291);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ADMIN_ROUNDS ?? 3));
const STAFF = process.env.BENCH_ADMIN_STAFF ?? 'support@demo.test';
const PAGE_REQUESTS = Number(process.env.BENCH_ADMIN_PAGE_REQUESTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_ADMIN_CONNECTIONS ?? 20);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TIMELINE_ENTRIES = 1000;
const REPORTS_STAFF = process.env.BENCH_ADMIN_REPORTS_STAFF ?? 'finance@demo.test';
const REPORT_REQUESTS = Number(process.env.BENCH_ADMIN_REPORT_REQUESTS ?? 5);
const ONLY_REPORTS = process.env.BENCH_ADMIN_ONLY === 'reports';

if (!/^[a-z_][a-z0-9_]{0,62}$/.test(SCHEMA)) throw new Error('BENCH_ADMIN_SCHEMA: a lower-case SQL identifier');

const TARGETS = {
  cpuRatio: 3,
  searchP95Ms: 20,
  cardPageP95Ms: 50,
  lighthouse: 0.95,
  reportMs: 1000,
};

const ORIGIN = `http://127.0.0.1:${PORT}`;
/** The server's connections carry this name, so PostgreSQL's backends serving it can be told apart from everyone else's. */
const APP_NAME = `tessera-bench-admin-${process.pid}`;
const serverDbUrl = (() => {
  const url = new URL(PG_URL);
  url.searchParams.set('application_name', APP_NAME);
  return url.toString();
})();

const serverEnv = {
  PORT: String(PORT),
  PUBLIC_URL: ORIGIN,
  // The PIN frame must have a host of its own; the back office is served on PUBLIC_URL's host in demo mode.
  PIN_FRAME_URL: `http://localhost:${PORT}`,
  DATABASE_URL: serverDbUrl,
  DATABASE_SCHEMA: SCHEMA,
  KEYS_FILE,
  CAPTCHA_PROVIDER: 'test',
  RATE_LIMIT_PER_MINUTE: '100000000',
  API_RATE_LIMIT_PER_MINUTE: '100000000',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
};

const log = (line) => console.error(line);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

// ---------------------------------------------------------------------------------------------
// Figures

/** The nearest-rank percentile of some numbers. */
function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
/** The middle value, or the mean of the two middle ones. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** PostgreSQL's backends serving the server (by application_name). */
async function serverBackends(admin) {
  const { rows } = await admin.query('select pid from pg_stat_activity where application_name = $1', [APP_NAME]);
  return rows.map((r) => r.pid);
}

// ---------------------------------------------------------------------------------------------
// The calls

const cards = benchCards(COUNT);
let pick = 0;
/** Another DEMO card for every request, spread over all of them (a stride prime to the count). */
const nextDemoCard = () => {
  pick = (pick + 7_919) % cards.demoCount;
  return pick;
};

function lookupBody(i) {
  return JSON.stringify({ code: 'DEMO', giftCardNumber: cards.numberOf(i), pinCode: cards.securityCodeOf(i), 'g-recaptcha-response': 'test-pass', showResetUrl: true });
}

/** The three loads, as autocannon options: each request is another card. */
function loads(cookie) {
  const staffHeaders = { cookie, origin: ORIGIN, 'content-type': 'application/json' };
  return [
    {
      key: 'lookup',
      name: 'portal lookup (BALANCE)',
      opts: { url: `${ORIGIN}/api/GiftCard/`, method: 'POST', headers: { 'content-type': 'application/json', 'x-flow-type': 'BALANCE' }, body: lookupBody(0) },
      body: () => lookupBody(nextDemoCard()),
    },
    {
      key: 'number',
      name: 'staff search by number',
      opts: { url: `${ORIGIN}/admin/api/cards/search`, method: 'POST', headers: staffHeaders, body: '{}' },
      body: () => JSON.stringify({ number: cards.numberOf(nextDemoCard()) }),
    },
    {
      key: 'last4',
      name: 'staff search by DEMO + last 4',
      opts: { url: `${ORIGIN}/admin/api/cards/search`, method: 'POST', headers: staffHeaders, body: '{}' },
      body: () => JSON.stringify({ brand: 'DEMO', last: cards.numberOf(nextDemoCard()).slice(-4) }),
    },
  ];
}

/** One autocannon run of a load; answers figures when `measure`, with the server's and PostgreSQL's CPU over it. */
function cannon(loadSpec, seconds, measured) {
  return new Promise((resolve, reject) => {
    const durations = [];
    let failed = 0;
    const instance = autocannon(
      {
        ...loadSpec.opts,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, body: loadSpec.body() }) }],
      },
      (err, result) => (err ? reject(err) : resolve({ result, durations, failed })),
    );
    if (measured) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode === 200) durations.push(responseTime);
        else failed++;
      });
    }
  });
}

async function measureLoad(loadSpec, server, admin) {
  if (WARMUP > 0) await cannon(loadSpec, WARMUP, false);
  const serverBefore = cpuSecondsOf(server.pid);
  const backendsBefore = cpuSecondsOfEach(await serverBackends(admin));
  const { result, durations, failed } = await cannon(loadSpec, SECONDS, true);
  const serverAfter = cpuSecondsOf(server.pid);
  const backendsAfter = cpuSecondsOfEach(new Set([...backendsBefore.keys(), ...(await serverBackends(admin))]));
  const n = result.requests.total;
  const errors = failed + result.errors + result.timeouts;
  return {
    requests: n,
    rps: result.requests.average,
    errors,
    serverCpuUs: serverBefore === undefined || serverAfter === undefined || n === 0 ? NaN : ((serverAfter - serverBefore) * 1e6) / n,
    pgCpuUs: n === 0 ? NaN : (cpuSecondsBetween(backendsBefore, backendsAfter) * 1e6) / n,
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
  };
}

/** A JSON call of the back office's API as the signed-in staff member. */
async function staffGet(cookie, path) {
  const response = await fetch(`${ORIGIN}${path}`, { headers: { cookie, accept: 'application/json' } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path.replace(/\/cards\/[^/?]+/, '/cards/…')} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function staffSearch(cookie, body) {
  const response = await fetch(`${ORIGIN}/admin/api/cards/search`, { method: 'POST', headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`the staff search answered ${response.status}`);
  return (await response.json()).cards;
}

/**
 * Before measuring: each call answers what it should on this data (the keys open the imported
 * cards, the search finds a card by number and fills a page by last digits, the lookup answers
 * the balance), so the figures are of real work and not of quick refusals.
 */
async function checkCalls(cookie) {
  const i = Math.floor(cards.demoCount / 2) + 17;
  const byNumber = await staffSearch(cookie, { number: cards.numberOf(i) });
  if (byNumber.length !== 1) throw new Error(`the search by number found ${byNumber.length} cards, not 1: do the keys in ${KEYS_FILE} belong to schema ${SCHEMA}? (BENCH_ADMIN_REBUILD=1 imports afresh)`);
  const byLast = await staffSearch(cookie, { brand: 'DEMO', last: cards.numberOf(i).slice(-4) });
  // Each four-digit ending is shared by about demoCount / 10 000 DEMO cards; a page holds 50.
  const expected = Math.min(50, Math.floor(cards.demoCount / 10_000));
  if (byLast.length < expected) throw new Error(`the search by DEMO + last 4 found ${byLast.length} cards, not ${expected}`);
  const lookup = await fetch(`${ORIGIN}/api/GiftCard/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-flow-type': 'BALANCE' }, body: lookupBody(i) });
  if (lookup.status !== 200) throw new Error(`the portal lookup answered ${lookup.status}`);
  await lookup.arrayBuffer();
  return { lastDigitsFound: byLast.length };
}

// ---------------------------------------------------------------------------------------------
// The card with a 1 000-entry timeline

/** Every page of a card's timeline through the API: the entry count and each page's cursor. */
async function timelineOf(cookie, cardId) {
  const cursors = [];
  let count = 0;
  let cursor;
  do {
    const page = await staffGet(cookie, `/admin/api/cards/${cardId}/timeline${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    count += page.items.length;
    cursor = page.nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  return { count, cursors };
}

/**
 * A new DEMO gift card through the brand API, then redemptions of 0.01 until its timeline holds
 * TIMELINE_ENTRIES entries (each redemption shows twice: its ledger entry and the brand API's
 * `api.call` audit event), and staff notes for what an odd remainder leaves: every entry is
 * written by the server's own commands. Counted through the timeline API.
 */
async function cardWithTimeline(cookie, apiKey) {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const issued = await fetch(`${ORIGIN}/api/v1/cards`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ kind: 'giftcard', balance: { value: 100_000_000, assetCode: 'EUR' } }),
  });
  if (issued.status !== 201) throw new Error(`issuing the timeline card answered ${issued.status}`);
  const cardId = (await issued.json()).id;
  const redeem = async () => {
    const response = await fetch(`${ORIGIN}/api/v1/cards/${cardId}/redemptions`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ amount: { value: 1, assetCode: 'EUR' } }),
    });
    if (response.status !== 201 && response.status !== 200) throw new Error(`a redemption answered ${response.status}`);
    await response.arrayBuffer();
  };
  const before = (await timelineOf(cookie, cardId)).count;
  await redeem();
  let count = (await timelineOf(cookie, cardId)).count;
  const perRedemption = count - before;
  if (perRedemption < 1) throw new Error('a redemption added no timeline entry');
  let left = Math.floor((TIMELINE_ENTRIES - count) / perRedemption);
  const worker = async () => {
    while (left > 0) {
      left--;
      await redeem();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  count = (await timelineOf(cookie, cardId)).count;
  for (; count < TIMELINE_ENTRIES; count++) {
    const response = await fetch(`${ORIGIN}/admin/api/cards/${cardId}/notes`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Benchmark: called about the balance.' }),
    });
    if (response.status !== 201) throw new Error(`adding a note answered ${response.status}`);
    await response.arrayBuffer();
  }
  const timeline = await timelineOf(cookie, cardId);
  if (timeline.count !== TIMELINE_ENTRIES) throw new Error(`the timeline card has ${timeline.count} entries, not ${TIMELINE_ENTRIES}`);
  return { cardId, cursors: timeline.cursors };
}

/** `n` GETs one after another; answers p50 and p95 in ms. */
async function sequential(cookie, path, n) {
  const durations = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await staffGet(cookie, path);
    durations.push(performance.now() - started);
  }
  return { p50: percentile(durations, 50), p95: percentile(durations, 95) };
}

async function measureCardPage(cookie, apiKey) {
  const { cardId, cursors } = await cardWithTimeline(cookie, apiKey);
  const nextPage = await sequential(cookie, `/admin/api/cards/${cardId}/timeline?cursor=${encodeURIComponent(cursors[0])}`, PAGE_REQUESTS);
  const lastPage = await sequential(cookie, `/admin/api/cards/${cardId}/timeline?cursor=${encodeURIComponent(cursors.at(-1))}`, PAGE_REQUESTS);
  const card = await sequential(cookie, `/admin/api/cards/${cardId}`, PAGE_REQUESTS);
  const after = (await timelineOf(cookie, cardId)).count;
  return { card, nextPage, lastPage, entriesAfter: after };
}

// ---------------------------------------------------------------------------------------------
// The reports

/** A calendar day `days` before a yyyy-mm-dd day. */
const daysBefore = (day, days) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
};
const amsterdamToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());

/** The reports' calls: a year of liability and activity, and the expiring balances, of DEMO. */
function reportCalls() {
  const to = amsterdamToday();
  const from = daysBefore(to, 364);
  return [
    { key: 'liability', name: 'liability, 365 days', path: `/admin/api/reports/liability?brand=DEMO&from=${from}&to=${to}` },
    { key: 'expiring', name: 'expiring in 30/60/90 days', path: '/admin/api/reports/expiring?brand=DEMO' },
    { key: 'activity', name: 'activity, 365 days', path: `/admin/api/reports/activity?brand=DEMO&from=${from}&to=${to}` },
  ];
}

/**
 * Waits until the server's roll-up (its housekeeping sweep at start) has counted every entry the
 * ledger held when the wait began; answers the seconds it took and how far it counted.
 */
async function awaitRollup(admin) {
  const started = process.hrtime.bigint();
  const limit = Number(process.env.BENCH_ADMIN_ROLLUP_WAIT ?? 1800);
  const { rows } = await admin.query(`select coalesce(max(seq), 0)::bigint as upto from ${SCHEMA}.ledger_entries`);
  const upTo = Number(rows[0].upto);
  for (;;) {
    const counted = Number((await admin.query(`select counted_to from ${SCHEMA}.report_rollups where name = 'ledger'`)).rows[0].counted_to);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (counted >= upTo) return { seconds, countedTo: counted };
    if (seconds > limit) throw new Error(`the server's roll-up counted to ${counted} of ${upTo} in ${limit} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Ledger entries above what the roll-up has counted: what the reports read from the ledger itself. */
async function uncountedEntries(admin) {
  const { rows } = await admin.query(`select count(*)::int as n from ${SCHEMA}.ledger_entries where seq > (select counted_to from ${SCHEMA}.report_rollups where name = 'ledger')`);
  return rows[0].n;
}

/** The ledger the reports read: all its rows, and DEMO's. */
async function ledgerSize(admin) {
  const { rows } = await admin.query(
    `select count(*)::int as total, count(*) filter (where c.brand_id = (select id from ${SCHEMA}.brands where code = 'DEMO'))::int as demo
       from ${SCHEMA}.ledger_entries l join ${SCHEMA}.cards c on c.id = l.card_id`,
  );
  return rows[0];
}

/** Each report REPORT_REQUESTS times one after another: p50 and the slowest, in ms; and what the last answered. */
async function measureReports(cookie) {
  const figures = {};
  for (const call of reportCalls()) {
    const durations = [];
    let answer;
    for (let i = 0; i < REPORT_REQUESTS; i++) {
      const started = performance.now();
      answer = await staffGet(cookie, call.path);
      durations.push(performance.now() - started);
    }
    const items = answer.points ?? answer.buckets;
    if (!Array.isArray(items) || items.length === 0) throw new Error(`${call.name} answered no figures`);
    figures[call.key] = { name: call.name, p50: percentile(durations, 50), max: Math.max(...durations), items: items.length };
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

async function lighthouseScores(chromePort, cookie) {
  const signedOut = await lighthouseRun(chromePort, `${ORIGIN}/admin/`, { config: desktopConfig });
  const signedIn = await lighthouseRun(chromePort, `${ORIGIN}/admin/`, { config: desktopConfig, flags: { extraHeaders: { cookie } } });
  const figures = (lhr) => ({
    score: lhr.categories.performance.score,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue,
    tbt: lhr.audits['total-blocking-time']?.numericValue,
    finalPath: new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname,
  });
  return { signedOut: figures(signedOut), signedIn: figures(signedIn) };
}

// ---------------------------------------------------------------------------------------------
// Output

const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
const us = (v) => (Number.isFinite(v) ? `${Math.round(v)} µs` : 'n/a');
const ratio = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : 'n/a');
const score = (v) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const pad = (s, n) => String(s).padEnd(n);

/** Median of the rounds, and all of them with the spread (max − min, as a share of the median). */
function spread(values, format) {
  const m = median(values);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const share = m ? ` = ${Math.round(((hi - lo) / m) * 100)} %` : '';
  return { median: m, text: `${format(m)} (rounds: ${values.map(format).join(', ')}; spread ${format(hi - lo)}${share})` };
}

function printReports(round) {
  const figures = Object.values(round.reports).map((x) => `${x.name} ${ms(x.p50)} p50 / ${ms(x.max)} slowest (${x.items} figures)`);
  console.log(`  reports (sequential, ${REPORT_REQUESTS} each): ${figures.join('; ')}`);
}

function printRound(r, round) {
  console.log(`\nRound ${r} (load before: ${round.loadBefore})`);
  if (ONLY_REPORTS) return printReports(round);
  console.log(`  ${pad('call', 34)}${pad('req/s', 8)}${pad('errors', 8)}${pad('server CPU/req', 16)}${pad('PG CPU/req', 13)}${pad('p50', 10)}p95`);
  for (const key of ['lookup', 'number', 'last4']) {
    const x = round.loads[key];
    console.log(`  ${pad(round.names[key], 34)}${pad(Math.round(x.rps), 8)}${pad(x.errors, 8)}${pad(us(x.serverCpuUs), 16)}${pad(us(x.pgCpuUs), 13)}${pad(ms(x.p50), 10)}${ms(x.p95)}`);
  }
  const { card, nextPage, lastPage, entriesAfter } = round.cardPage;
  console.log(`  card page, ${TIMELINE_ENTRIES} entries (sequential, ${PAGE_REQUESTS} each): card ${ms(card.p50)} p50 / ${ms(card.p95)} p95; next timeline page ${ms(nextPage.p50)} / ${ms(nextPage.p95)}; last page ${ms(lastPage.p50)} / ${ms(lastPage.p95)} (${entriesAfter} entries after the card opens)`);
  const { signedOut, signedIn } = round.lighthouse;
  console.log(`  Lighthouse desktop /admin/: signed in ${score(signedIn.score)} (shows ${signedIn.finalPath}, LCP ${ms(signedIn.lcp)}, TBT ${ms(signedIn.tbt)}); signed out ${score(signedOut.score)} (LCP ${ms(signedOut.lcp)}, TBT ${ms(signedOut.tbt)})`);
  printReports(round);
}

function verdict(pass) {
  return pass ? 'PASS' : 'MISS';
}

/** The reports' verdicts: each report's slowest request, median of the rounds, beside the ledger's size. */
function reportLines(rounds, ledger) {
  const lines = [];
  for (const key of Object.keys(rounds[0].reports)) {
    const slowest = spread(rounds.map((r) => r.reports[key].max), ms);
    lines.push(
      `${verdict(slowest.median < TARGETS.reportMs)}  report ${rounds[0].reports[key].name}: slowest of ${REPORT_REQUESTS} ${slowest.text}, p50 ${spread(rounds.map((r) => r.reports[key].p50), ms).text} (target < ${TARGETS.reportMs} ms) over a ledger of ${ledger.total} rows (${ledger.demo} of DEMO)`,
    );
  }
  return lines;
}

function printSummary(rounds, ledger) {
  const all = (f) => rounds.map(f);
  console.log(`\nSummary: median of ${rounds.length} rounds, judged on the median (spread = max − min of the rounds)\n`);
  const lines = [];
  if (ONLY_REPORTS) {
    for (const line of reportLines(rounds, ledger)) console.log(line);
    return;
  }
  for (const key of ['number', 'last4']) {
    const name = rounds[0].names[key];
    const cpu = spread(all((r) => r.loads[key].serverCpuUs / r.loads.lookup.serverCpuUs), ratio);
    lines.push(`${verdict(cpu.median <= TARGETS.cpuRatio)}  ${name}: server CPU/request ${cpu.text} the lookup's (target ≤ ${TARGETS.cpuRatio}×)`);
    lines.push(`        server CPU/request ${spread(all((r) => r.loads[key].serverCpuUs), us).text}; lookup ${spread(all((r) => r.loads.lookup.serverCpuUs), us).text}`);
    const pgRatio = spread(all((r) => r.loads[key].pgCpuUs / r.loads.lookup.pgCpuUs), ratio);
    lines.push(`        PostgreSQL CPU/request ${spread(all((r) => r.loads[key].pgCpuUs), us).text} = ${pgRatio.text} the lookup's (not a target)`);
    const p95 = spread(all((r) => r.loads[key].p95), ms);
    lines.push(`${verdict(p95.median < TARGETS.searchP95Ms)}  ${name}: p95 at ${CONNECTIONS} concurrent ${p95.text} (target < ${TARGETS.searchP95Ms} ms); p50 ${spread(all((r) => r.loads[key].p50), ms).text}`);
    const p95Ratio = spread(all((r) => r.loads[key].p95 / r.loads.lookup.p95), ratio);
    lines.push(`        lookup in the same rounds: p95 ${spread(all((r) => r.loads.lookup.p95), ms).text}; search p95 = ${p95Ratio.text} the lookup's`);
    // Little's law: with CONNECTIONS requests always in flight, mean latency = CONNECTIONS / throughput.
    const rps = spread(all((r) => r.loads[key].rps), (v) => `${Math.round(v)}/s`);
    lines.push(`        throughput ${rps.text}: with ${CONNECTIONS} always in flight the mean latency is ${CONNECTIONS} ÷ throughput, so < ${TARGETS.searchP95Ms} ms needs over ${Math.round((CONNECTIONS * 1000) / TARGETS.searchP95Ms)} searches/s`);
  }
  const card = spread(all((r) => r.cardPage.card.p95), ms);
  lines.push(`${verdict(card.median < TARGETS.cardPageP95Ms)}  card page (GET card with its first timeline page), ${TIMELINE_ENTRIES} entries: p95 ${card.text}, p50 ${spread(all((r) => r.cardPage.card.p50), ms).text} (target < ${TARGETS.cardPageP95Ms} ms)`);
  const next = spread(all((r) => r.cardPage.nextPage.p95), ms);
  lines.push(`${verdict(next.median < TARGETS.cardPageP95Ms)}  next timeline page: p95 ${next.text}; last page p95 ${spread(all((r) => r.cardPage.lastPage.p95), ms).text}`);
  const signedIn = spread(all((r) => r.lighthouse.signedIn.score), score);
  lines.push(`${verdict(signedIn.median >= TARGETS.lighthouse)}  first screen (/admin/ signed in: ${rounds[0].lighthouse.signedIn.finalPath}, the search), Lighthouse desktop performance ${signedIn.text} (target ≥ ${TARGETS.lighthouse})`);
  const signedOut = spread(all((r) => r.lighthouse.signedOut.score), score);
  lines.push(`${verdict(signedOut.median >= TARGETS.lighthouse)}  /admin/ signed out (the sign-in screen), Lighthouse desktop performance ${signedOut.text}`);
  lines.push(...reportLines(rounds, ledger));
  for (const line of lines) console.log(line);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const readyUrl = `${ORIGIN}/readyz`;
  log(`bench:admin: schema ${SCHEMA}, ${COUNT} cards, ${ROUNDS} rounds, port ${PORT}; load ${load()}`);
  const data = await ensureBenchSchema({ pgUrl: PG_URL, schema: SCHEMA, count: COUNT, keysFile: KEYS_FILE, serverEnv, readyUrl, rebuild: process.env.BENCH_ADMIN_REBUILD === '1', log });
  log(`bench:admin: ${data.note}`);
  if (process.env.BENCH_ADMIN_PREPARE_ONLY === '1') return;

  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  // A schema built by an earlier release gets its new migrations here rather than inside the
  // server's start (migration 025 numbers and indexes the whole ledger).
  const migrateStarted = process.hrtime.bigint();
  await runCli(['db', 'migrate'], serverEnv);
  log(`bench:admin: schema migrated in ${(Number(process.hrtime.bigint() - migrateStarted) / 1e9).toFixed(0)} s`);
  const server = await startServer(serverEnv, readyUrl);
  let chrome;
  try {
    const { cookie } = await signInStaff(ORIGIN, STAFF);
    const { cookie: reportsCookie } = await signInStaff(ORIGIN, REPORTS_STAFF);
    const checked = await checkCalls(cookie);
    const ledger = await ledgerSize(admin);
    const rollup = await awaitRollup(admin);
    log(`bench:admin: the server's roll-up counted the ledger to entry ${rollup.countedTo} within ${rollup.seconds.toFixed(0)} s of the wait`);
    let apiKey;
    if (!ONLY_REPORTS) {
      const created = await runCli(['api-keys', 'create', '--brand', 'DEMO', '--name', `bench-admin-${Date.now()}`, '--scopes', 'cards:write,redemptions:write', '--json', '--by', 'bench'], serverEnv);
      apiKey = JSON.parse(created).key;
      chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    }

    const rounds = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const round = { loadBefore: load(), loads: {}, names: {} };
      if (ONLY_REPORTS) {
        round.reports = await measureReports(reportsCookie);
        log(`bench:admin: round ${r}: reports done`);
        rounds.push(round);
        continue;
      }
      for (const spec of loads(cookie)) {
        round.names[spec.key] = spec.name;
        round.loads[spec.key] = await measureLoad(spec, server, admin);
        log(`bench:admin: round ${r}: ${spec.name} done`);
      }
      round.cardPage = await measureCardPage(cookie, apiKey);
      log(`bench:admin: round ${r}: card page done`);
      round.lighthouse = await lighthouseScores(chrome.port, cookie);
      log(`bench:admin: round ${r}: Lighthouse done`);
      round.reports = await measureReports(reportsCookie);
      log(`bench:admin: round ${r}: reports done`);
      rounds.push(round);
    }

    console.log(`\nbench:admin: PostgreSQL schema ${SCHEMA}, ${COUNT} imported gift cards (${cards.demoCount} DEMO, ${COUNT - cards.demoCount} ACME) plus the demo cards; ${data.reused ? 'schema reused from an earlier run' : 'schema built in this run'}`);
    console.log(`ledger: ${ledger.total} rows (${ledger.demo} of DEMO), a year of them written by the data step; reports read as ${REPORTS_STAFF}`);
    console.log(`roll-up: the server's housekeeping sweep at its start counted them (waited ${rollup.seconds.toFixed(0)} s); at the end ${await uncountedEntries(admin)} entries were above it, read by the reports from the ledger`);
    console.log(`signed in as ${STAFF} through the sandbox staff provider; autocannon ${CONNECTIONS} connections, ${SECONDS} s per call after ${WARMUP} s warm-up, another card per request (DEMO + last 4 finds ${checked.lastDigitsFound} cards); load after: ${load()}`);
    for (const [i, round] of rounds.entries()) printRound(i + 1, round);
    printSummary(rounds, ledger);
    console.log(`\nThe schema stays for the next run (${SCHEMA}, keys in ${KEYS_FILE}).`);
  } finally {
    if (chrome) await chrome.kill();
    await stopServer(server);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(`bench:admin: ${error.stack ?? error.message}`);
  process.exit(1);
});
