import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db, isPostgres } from '../src/db/database.js';
import type { LedgerEntriesTable } from '../src/db/schema.js';
import { amsterdamDay, nextDay } from '../src/domain/report-period.js';
import { dayOfHour, daysOfHours, ledgerActivityByDay } from '../src/reports/activity.js';
import { rollUpLedger } from '../src/reports/ledger-rollup.js';
import { liabilityByDay } from '../src/reports/liability.js';
import { insertBareCard } from './helpers/bare-card.js';
import { useTestApp } from './helpers/test-app.js';

// The reports' hourly roll-up (reports/ledger-rollup.ts, migration 025): whatever has been rolled
// up, and whenever, the liability and activity reports equal the sums straight from the ledger
// (computed here in the test from the ledger's rows, with the Amsterdam day of each entry's own
// time); an entry written late with a time in an hour already rolled up is counted, once; runs
// in two connections at once add each entry once; a writer still running when the roll-up reads
// the ledger is waited for (PostgreSQL).

const NOW = new Date('2026-04-02T10:00:00Z');
const t = useTestApp({ now: () => NOW });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Entries fall from Thursday 26 March to Thursday 2 April 2026 (Amsterdam), across the change to summer time (29 March, 01:00 UTC). */
const WINDOW_START = Date.parse('2026-03-25T23:00:00Z');
const WINDOW_MS = 7 * 24 * 3_600_000;
const DAYS = ['2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02'];
const KINDS = ['load', 'redemption', 'adjustment', 'payout', 'fee'] as const;

let brands = 0;
/** A brand of its own with three cards (EUR, EUR, USD): each run's reports see only its entries. */
async function newBrand(db: Db): Promise<{ id: string; code: string; cards: { id: string; asset: string }[] }> {
  brands += 1;
  const demo = await db.selectFrom('brands').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const id = `brand-rollup-${brands}-${randomUUID().slice(0, 8)}`;
  const code = `RU${brands}${randomUUID().slice(0, 4).toUpperCase()}`;
  await db.insertInto('brands').values({ ...demo, id, code, slug: code.toLowerCase(), name: `Roll-up ${brands}` }).execute();
  const cards = [
    { id: `${id}-a`, asset: 'EUR' },
    { id: `${id}-b`, asset: 'EUR' },
    { id: `${id}-c`, asset: 'USD' },
  ];
  for (const card of cards) await insertBareCard(db, { id: card.id, brandId: id, asset: card.asset, expiresAt: null });
  return { id, code, cards };
}

interface Entry {
  card: number;
  kind: (typeof KINDS)[number];
  amount: number;
  /** Milliseconds after WINDOW_START. */
  at: number;
}

const entry: fc.Arbitrary<Entry> = fc.record({
  card: fc.nat(2),
  kind: fc.constantFrom(...KINDS),
  amount: fc.integer({ min: -5_000, max: 5_000 }),
  at: fc.nat(WINDOW_MS - 1),
});

async function write(db: Db, brand: Awaited<ReturnType<typeof newBrand>>, entries: readonly Entry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows: LedgerEntriesTable[] = entries.map((e) => ({
    id: randomUUID(),
    card_id: brand.cards[e.card]!.id,
    asset_code: brand.cards[e.card]!.asset,
    amount: e.amount,
    kind: e.kind,
    reference: `rollup:${randomUUID()}`,
    created_at: new Date(WINDOW_START + e.at).toISOString(),
  }));
  await db.insertInto('ledger_entries').values(rows).execute();
}

/** The reports as the ledger's own rows say, each entry on the Amsterdam day of its time. */
async function straightFromLedger(db: Db, brand: Awaited<ReturnType<typeof newBrand>>, from: string, to: string) {
  const rows = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('cards as c', 'c.id', 'l.card_id')
    .select(['l.asset_code', 'l.kind', 'l.amount', 'l.created_at'])
    .where('c.brand_id', '=', brand.id)
    .execute();
  const activity = new Map<string, { day: string; brand: string; asset: string; kind: string; entries: number; amount: number }>();
  const opening = new Map<string, number>([['EUR', 0]]);
  const moved = new Map<string, number>();
  for (const r of rows) {
    const day = amsterdamDay(new Date(r.created_at));
    // An asset is in the liability from its first entry up to `to` (or as the brand's own, EUR).
    if (day <= to && !opening.has(r.asset_code)) opening.set(r.asset_code, 0);
    if (day < from) opening.set(r.asset_code, opening.get(r.asset_code)! + Number(r.amount));
    if (day < from || day > to) continue;
    const key = `${day}|${r.asset_code}|${r.kind}`;
    const row = activity.get(key) ?? { day, brand: brand.code, asset: r.asset_code, kind: r.kind, entries: 0, amount: 0 };
    row.entries += 1;
    row.amount += Number(r.amount);
    activity.set(key, row);
    moved.set(`${day}|${r.asset_code}`, (moved.get(`${day}|${r.asset_code}`) ?? 0) + Number(r.amount));
  }
  const liability: { day: string; asset: string; balance: number }[] = [];
  const assets = [...opening.keys()].sort();
  for (let day = from; day <= to; day = nextDay(day)) {
    for (const asset of assets) {
      opening.set(asset, opening.get(asset)! + (moved.get(`${day}|${asset}`) ?? 0));
      liability.push({ day, asset, balance: opening.get(asset)! });
    }
  }
  const order = (a: { day: string; asset: string; kind: string }, b: { day: string; asset: string; kind: string }) =>
    a.day.localeCompare(b.day) || a.asset.localeCompare(b.asset) || a.kind.localeCompare(b.kind);
  return { activity: [...activity.values()].sort(order), liability };
}

async function expectReportsEqualLedger(db: Db, brand: Awaited<ReturnType<typeof newBrand>>, from: string, to: string): Promise<void> {
  const expected = await straightFromLedger(db, brand, from, to);
  expect(await ledgerActivityByDay(db, { from, to, brandId: brand.id })).toEqual(expected.activity);
  expect(await liabilityByDay(db, { from, to, brandId: brand.id, assets: ['EUR'] })).toEqual(expected.liability);
}

/** What ledger_hours holds for a brand, against the ledger's own sums per hour: equal once everything is rolled up. */
async function expectHoursEqualLedger(db: Db, brandId: string): Promise<void> {
  const hours = await db.selectFrom('ledger_hours').selectAll().where('brand_id', '=', brandId).execute();
  const rows = await db.selectFrom('ledger_entries as l').innerJoin('cards as c', 'c.id', 'l.card_id').select(['l.asset_code', 'l.kind', 'l.amount', 'l.created_at']).where('c.brand_id', '=', brandId).execute();
  const sums = new Map<string, { entries: number; amount: number }>();
  for (const r of rows) {
    const key = `${r.created_at.slice(0, 13)}|${r.asset_code}|${r.kind}`;
    const s = sums.get(key) ?? { entries: 0, amount: 0 };
    s.entries += 1;
    s.amount += Number(r.amount);
    sums.set(key, s);
  }
  const got = new Map(hours.map((h) => [`${h.hour}|${h.asset_code}|${h.kind}`, { entries: Number(h.entries), amount: Number(h.amount) }]));
  expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...sums].sort()));
}

const rollUp = (db: Db, step?: number) => rollUpLedger({ db, now: () => NOW, ...(step && { step }) });

type Step = { kind: 'write'; entries: Entry[] } | { kind: 'rollup'; step: number } | { kind: 'check'; from: number; to: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('write' as const), entries: fc.array(entry, { minLength: 1, maxLength: 6 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollup' as const), step: fc.integer({ min: 1, max: 8 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('check' as const), from: fc.nat(DAYS.length - 1), to: fc.nat(DAYS.length - 1) }) },
);

describe('the hourly roll-up of the ledger', () => {
  it('folds every hour of two years into the Amsterdam day dayOfHour says, one time-zone lookup per day (daysOfHours)', () => {
    const dayOf = daysOfHours('2025-01-01', '2026-12-31');
    const start = Date.parse('2024-12-31T20:00:00Z');
    for (let i = 0; i < 2 * 366 * 24 + 8; i++) {
      const hour = new Date(start + i * 3_600_000).toISOString().slice(0, 13);
      expect(dayOf(hour), hour).toBe(dayOfHour(hour));
    }
    expect(daysOfHours('2026-03-29', '2026-03-29')('2026-03-28T23')).toBe('2026-03-29');
    expect(daysOfHours('2026-03-29', '2026-03-29')('2026-03-29T21')).toBe('2026-03-29');
    expect(daysOfHours('2026-03-29', '2026-03-29')('2026-03-29T22')).toBe('2026-03-30');
  });

  it('leaves the liability and activity reports equal to the ledger straight, for random ledgers rolled up at random points', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const brand = await newBrand(t.db);
        for (const s of steps) {
          if (s.kind === 'write') await write(t.db, brand, s.entries);
          else if (s.kind === 'rollup') await rollUp(t.db, s.step);
          else await expectReportsEqualLedger(t.db, brand, DAYS[Math.min(s.from, s.to)]!, DAYS[Math.max(s.from, s.to)]!);
        }
        await expectReportsEqualLedger(t.db, brand, DAYS[0]!, DAYS.at(-1)!);
        await rollUp(t.db);
        await expectReportsEqualLedger(t.db, brand, DAYS[0]!, DAYS.at(-1)!);
        await expectHoursEqualLedger(t.db, brand.id);
      }),
      { numRuns: isPostgres(t.db) ? 15 : 40 },
    );
    // A busy machine (other suites on 2 cores) takes minutes over what a quiet one does in seconds.
  }, 240_000);

  it('counts an entry written late, with a time in an hour already rolled up, once', async () => {
    const brand = await newBrand(t.db);
    await write(t.db, brand, [
      { card: 0, kind: 'load', amount: 10_000, at: 3_600_000 },
      { card: 0, kind: 'redemption', amount: -2_500, at: 3_600_000 + 60_000 },
    ]);
    expect((await rollUp(t.db)).entries).toBeGreaterThanOrEqual(2);
    const hourRow = () => t.db.selectFrom('ledger_hours').select(['entries', 'amount']).where('brand_id', '=', brand.id).where('kind', '=', 'redemption').executeTakeFirstOrThrow();
    expect(await hourRow()).toEqual({ entries: isPostgres(t.db) ? '1' : 1, amount: isPostgres(t.db) ? '-2500' : -2500 });

    // Written now with a time in the hour just rolled up (an import's batch carries the time the import began).
    await write(t.db, brand, [{ card: 0, kind: 'redemption', amount: -1_000, at: 3_600_000 + 120_000 }]);
    await expectReportsEqualLedger(t.db, brand, DAYS[0]!, DAYS.at(-1)!);
    const [day] = await ledgerActivityByDay(t.db, { from: DAYS[0]!, to: DAYS[0]!, brandId: brand.id }).then((rows) => rows.filter((r) => r.kind === 'redemption'));
    expect(day).toMatchObject({ entries: 2, amount: -3_500 });

    expect((await rollUp(t.db)).entries).toBeGreaterThanOrEqual(1);
    expect(Number((await hourRow()).entries)).toBe(2);
    expect(Number((await hourRow()).amount)).toBe(-3_500);
    await expectReportsEqualLedger(t.db, brand, DAYS[0]!, DAYS.at(-1)!);
  });

  it('is idempotent: a second run adds nothing and changes no hour', async () => {
    const brand = await newBrand(t.db);
    await write(t.db, brand, [
      { card: 1, kind: 'load', amount: 7_000, at: 10 * 3_600_000 },
      { card: 2, kind: 'load', amount: 3_000, at: 50 * 3_600_000 },
    ]);
    const first = await rollUp(t.db);
    const hours = await t.db.selectFrom('ledger_hours').selectAll().orderBy('brand_id').orderBy('hour').orderBy('asset_code').orderBy('kind').execute();
    const second = await rollUp(t.db);
    expect(second).toEqual({ entries: 0, countedTo: first.countedTo, waited: false });
    expect(await t.db.selectFrom('ledger_hours').selectAll().orderBy('brand_id').orderBy('hour').orderBy('asset_code').orderBy('kind').execute()).toEqual(hours);
    await expectHoursEqualLedger(t.db, brand.id);
  });

  it('adds each entry once when two processes roll up at the same time while entries are written', async () => {
    const brand = await newBrand(t.db);
    await rollUp(t.db);
    const script = fileURLToPath(new URL('./helpers/rollup-process.ts', import.meta.url));
    const process_ = () =>
      new Promise<{ ok: boolean; entries?: number; error?: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], {
          env: { ...process.env, ROLLUP_DATABASE: JSON.stringify(t.config.database), ROLLUP_RUNS: '25' },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('close', () => resolve(JSON.parse(out || '{"ok":false,"error":"no answer"}')));
      });
    const batches = fc.sample(fc.array(entry, { minLength: 1, maxLength: 20 }), { numRuns: 60, seed: 26 });
    const rollers = [process_(), process_()];
    for (const batch of batches) {
      await write(t.db, brand, batch);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await Promise.all(rollers);
    expect(answers.map((a) => a.error ?? 'ok')).toEqual(['ok', 'ok']);
    const last = await rollUp(t.db);
    // Every entry written here was added by exactly one run of one of the three.
    expect(answers[0]!.entries! + answers[1]!.entries! + last.entries).toBe(batches.flat().length);
    expect(answers[0]!.entries! + answers[1]!.entries!).toBeGreaterThan(0);
    await expectHoursEqualLedger(t.db, brand.id);
    await expectReportsEqualLedger(t.db, brand, DAYS[0]!, DAYS.at(-1)!);
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)('waits for a writer that drew a smaller number and has not committed, and counts its entry once it has (PostgreSQL)', async () => {
    const other = createDatabase(t.config.database);
    cleanups.push(() => other.destroy());
    const brand = await newBrand(t.db);
    const before = (await rollUp(t.db)).countedTo;

    // A writer draws its number and stays open; a later writer commits a larger number.
    const slow = await other.startTransaction().execute();
    await write(slow as unknown as Db, brand, [{ card: 0, kind: 'load', amount: 4_000, at: 5 * 3_600_000 }]);
    await write(t.db, brand, [{ card: 1, kind: 'load', amount: 6_000, at: 5 * 3_600_000 }]);

    const waited = await rollUpLedger({ db: t.db, now: () => NOW, waitMs: 300 });
    expect(waited).toEqual({ entries: 0, countedTo: before, waited: true });
    await expectReportsEqualLedger(t.db, brand, DAYS[0]!, DAYS.at(-1)!);

    // Committed while a roll-up waits for it: that run counts both.
    const running = rollUpLedger({ db: t.db, now: () => NOW, waitMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await slow.commit().execute();
    const counted = await running;
    expect(counted.waited).toBe(false);
    expect(counted.entries).toBeGreaterThanOrEqual(2);
    await expectHoursEqualLedger(t.db, brand.id);
    await expectReportsEqualLedger(t.db, brand, DAYS[0]!, DAYS.at(-1)!);
  });
});
