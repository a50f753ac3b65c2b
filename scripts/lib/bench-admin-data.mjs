// The back-office benchmark's database: a PostgreSQL schema with the demo brands, staff and
// cards (loaded by the server's own demo seed), and `count` gift cards imported with
// `tessera cards import` across the two demo brands. Building it takes minutes, so a schema left
// by an earlier run is used again when its record (a comment on the schema) says it holds the
// same cards and the keys file that sealed them is still there.
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runCli, startServer, stopServer } from './bench-server.mjs';

/** Bumped whenever the generated cards change, so an old schema is not taken for a current one. */
const DATA_VERSION = 1;
/** The share of the imported cards that are DEMO's; the rest are ACME's. */
const DEMO_SHARE = 0.6;

/**
 * The imported cards, by position: DEMO's first, then ACME's. 19-digit numbers under prefixes no
 * demo card uses, so the last four digits of a brand's cards are spread evenly (each value
 * about count × share / 10 000 times) as real numbers' are.
 */
export function benchCards(count) {
  const demoCount = Math.round(count * DEMO_SHARE);
  const brandOf = (i) => (i < demoCount ? 'DEMO' : 'ACME');
  return {
    count,
    demoCount,
    brandOf,
    numberOf: (i) => `${brandOf(i) === 'DEMO' ? '60647' : '60648'}${String(i).padStart(14, '0')}`,
    securityCodeOf: (i) => String(100000 + ((i * 7919) % 900000)),
    balanceOf: (i) => 100 + (i % 100000),
  };
}

/** Where the keys that sealed a schema's cards are kept: outside any checkout, so another worktree's run finds them. */
export const defaultKeysFile = (schema) => path.join(homedir(), '.cache', 'tessera-bench', `${schema}.keys.json`);

async function withClient(url, use) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** What the schema's comment records about its cards, or undefined when it is not a benchmark schema. */
async function recordOf(client, schema) {
  const { rows } = await client.query('select obj_description(oid, $2) as comment from pg_namespace where nspname = $1', [schema, 'pg_namespace']);
  if (rows.length === 0) return undefined;
  try {
    return JSON.parse(rows[0].comment ?? '');
  } catch {
    return undefined;
  }
}

async function writeCardsFile(file, cards) {
  const out = createWriteStream(file);
  out.write('brand,kind,card_number,security_code,balance,expires_at\n');
  for (let i = 0; i < cards.count; i++) {
    const line = `${cards.brandOf(i)},giftcard,${cards.numberOf(i)},${cards.securityCodeOf(i)},${cards.balanceOf(i)},2099-12-31\n`;
    if (!out.write(line)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}

/**
 * Makes sure `schema` holds the benchmark's cards; answers { reused, cards, note }.
 * `serverEnv` is the environment the server runs with on this schema (its database and keys);
 * `readyUrl` its readiness URL. Set `rebuild` to import afresh whatever is there.
 */
export async function ensureBenchSchema({ pgUrl, schema, count, keysFile, serverEnv, readyUrl, rebuild = false, log }) {
  const made = await ensureCards({ pgUrl, schema, count, keysFile, serverEnv, readyUrl, rebuild, log });
  const year = await ensureReportYear({ pgUrl, schema, log });
  return { ...made, note: `${made.note}; ${year}` };
}

/** Bumped whenever the generated year of ledger entries changes. */
const REPORT_YEAR_VERSION = 1;
/** Redemptions generated per imported card over the year (besides its load). */
const REDEMPTIONS_PER_CARD = 2;
/** An ISO 8601 UTC time as the server writes created_at (yyyy-mm-ddThh:mm:ss.mmmZ), of a timestamp in UTC. */
const isoOf = (ts) => `to_char(${ts}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A year of ledger for the reports (docs/decisions/038), made with SQL in the database: each
 * imported card's load moved to a moment in its first day a year ago, REDEMPTIONS_PER_CARD
 * redemptions of that card at moments spread over the year since (each at most 50, so no
 * balance goes below zero: the import loads at least 100), and one card in ten given an expiry
 * within the next 120 days, so the expiring report has balances to sum. Done once per schema
 * (its record says so).
 */
async function ensureReportYear({ pgUrl, schema, log }) {
  return withClient(pgUrl, async (client) => {
    const record = await recordOf(client, schema);
    if (record?.reportYear === REPORT_YEAR_VERSION) return 'its year of ledger entries was there';
    log(`bench:admin: writing a year of ledger entries into ${schema} (once per schema)`);
    const started = process.hrtime.bigint();
    const now = `timezone('utc', now())`;
    await client.query('begin');
    try {
      await client.query(`set local search_path = ${schema}`);
      // hashtext spreads the cards' moments evenly and the same way in every run.
      await client.query(`update ledger_entries l set created_at = ${isoOf(`${now} - interval '365 days' + (abs(hashtext(l.card_id)) % 1440) * interval '1 minute'`)}
        from cards c where c.id = l.card_id and c.import_event_id is not null`);
      await client.query(`insert into ledger_entries (id, card_id, asset_code, amount, kind, reference, created_at)
        select gen_random_uuid()::text, c.id, c.asset_code, -(1 + abs(hashtext(c.id || ':' || g)) % 50), 'redemption', 'bench-year:' || c.id || ':' || g,
               ${isoOf(`${now} - (abs(hashtext(c.id || '/' || g)) % (363 * 1440)) * interval '1 minute'`)}
          from cards c cross join generate_series(1, ${REDEMPTIONS_PER_CARD}) g
         where c.import_event_id is not null`);
      await client.query(`update cards set expires_at = to_char(current_date + abs(hashtext(id || '#')) % 120, 'YYYY-MM-DD')
        where import_event_id is not null and abs(hashtext(id)) % 10 = 0`);
      // The loads moved to a year ago may have been counted in their old hour by a server's
      // roll-up (migration 025): the roll-up starts again and the server's next sweep recounts.
      if ((await client.query(`select to_regclass('${schema}.report_rollups') is not null as has`)).rows[0].has) {
        await client.query(`delete from ledger_hours; update report_rollups set counted_to = 0, updated_at = null`);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    await client.query(`set search_path = ${schema}; analyze ledger_entries; analyze cards`);
    await client.query(`comment on schema ${schema} is '${JSON.stringify({ ...record, reportYear: REPORT_YEAR_VERSION })}'`);
    return `wrote a year of ledger entries in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s`;
  });
}

/** The imported cards of the benchmark (see ensureBenchSchema). */
async function ensureCards({ pgUrl, schema, count, keysFile, serverEnv, readyUrl, rebuild, log }) {
  const cards = benchCards(count);
  const existing = await withClient(pgUrl, async (client) => {
    const record = await recordOf(client, schema);
    if (!record || record.version !== DATA_VERSION || record.cards !== count) return { usable: false, why: record ? 'its record names other cards' : 'there is none' };
    if (!existsSync(keysFile)) return { usable: false, why: `the keys file ${keysFile} is missing` };
    const { rows } = await client.query(`select count(*)::int as n from ${schema}.cards where kind = 'giftcard' and brand_id in (select id from ${schema}.brands)`);
    if (rows[0].n < count) return { usable: false, why: `it holds ${rows[0].n} gift cards` };
    return { usable: true, total: rows[0].n, record };
  });
  if (existing.usable && !rebuild) {
    return { reused: true, cards, note: `reusing schema ${schema} (imported ${existing.record.importedAt}, ${existing.total} gift cards); BENCH_ADMIN_REBUILD=1 imports afresh` };
  }
  log(`bench:admin: building schema ${schema} with ${count} cards (${rebuild ? 'BENCH_ADMIN_REBUILD is set' : `no schema to reuse: ${existing.why}`}); this takes minutes`);

  await withClient(pgUrl, (client) => client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`));
  rmSync(keysFile, { force: true });
  mkdirSync(path.dirname(keysFile), { recursive: true });

  // The server's own start migrates the schema, makes the keys and loads the demo brands, cards
  // and staff grants (demo mode), as a demo installation gets them.
  const seeding = await startServer(serverEnv, readyUrl);
  await stopServer(seeding);

  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-admin-'));
  try {
    const file = path.join(dir, 'cards.csv');
    await writeCardsFile(file, cards);
    const started = process.hrtime.bigint();
    const out = await runCli(['cards', 'import', file], serverEnv);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (!out.includes(`Imported ${count} cards`)) throw new Error(`the import answered: ${out.slice(-500)}`);
    log(`bench:admin: imported ${count} cards in ${seconds.toFixed(0)} s`);
  } finally {
    // The file holds card numbers and security codes in the clear.
    rmSync(dir, { recursive: true, force: true });
  }
  await withClient(pgUrl, async (client) => {
    // Statistics now rather than whenever autovacuum gets to it, so the planner sees the 1M rows
    // in every run alike.
    await client.query(`set search_path = ${schema}; analyze`);
    const record = { version: DATA_VERSION, cards: count, demoShare: DEMO_SHARE, importedAt: new Date().toISOString() };
    await client.query(`comment on schema ${schema} is '${JSON.stringify(record)}'`);
  });
  return { reused: false, cards, note: `built schema ${schema}: ${count} cards imported` };
}
