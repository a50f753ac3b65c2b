import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../src/db/migrations/index.js';
import { PURPOSE } from '../src/crypto/index.js';
import { countNumberGuess, lockNumberGuesses } from '../src/db/repositories/number-guesses.js';
import { GUESSING_COOLDOWN_MS } from '../src/domain/guessing-policy.js';
import { cardRow } from './helpers/flows.js';
import { demoCard, lookupBody } from './helpers/demo.js';
import { useTestApp } from './helpers/test-app.js';

let clock = new Date('2025-06-15T10:00:00Z').getTime();
// A generous per-address limit: this file is about the per-card limit.
const t = useTestApp({ now: () => new Date(clock), env: { RATE_LIMIT_PER_MINUTE: '1000' } });

const lookup = (name: string, pinCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/GiftCard/',
    headers: { 'x-flow-type': 'BALANCE' },
    payload: lookupBody(name, pinCode === undefined ? {} : { pinCode }),
  });

const codeOf = async (name: string, pinCode?: string) => {
  const res = await lookup(name, pinCode);
  return res.statusCode === 200 ? 'OK' : (res.json().code as string);
};

describe('guessing limit per card', () => {
  it('refuses every secret for 30 minutes after 5 wrong ones, even the right one', async () => {
    for (let i = 0; i < 5; i++) expect(await codeOf('GIFT_PAYOUT', '000000')).toBe('CARD_NOT_FOUND');
    expect(await codeOf('GIFT_PAYOUT')).toBe('TOO_MANY_REQUESTS');
    const res = await lookup('GIFT_PAYOUT');
    expect(res.statusCode).toBe(400);
    // Other cards are not affected.
    expect(await codeOf('GIFT_BALANCE')).toBe('OK');
    clock += GUESSING_COOLDOWN_MS - 1000;
    expect(await codeOf('GIFT_PAYOUT')).toBe('TOO_MANY_REQUESTS');
    clock += 2000;
    expect(await codeOf('GIFT_PAYOUT')).toBe('OK');
  });

  it('lets a correct secret reset the count', async () => {
    for (let i = 0; i < 4; i++) expect(await codeOf('GIFT_REPLACE', '000000')).toBe('CARD_NOT_FOUND');
    expect(await codeOf('GIFT_REPLACE')).toBe('OK');
    for (let i = 0; i < 4; i++) expect(await codeOf('GIFT_REPLACE', '000000')).toBe('CARD_NOT_FOUND');
    expect(await codeOf('GIFT_REPLACE')).toBe('OK');
    expect(await cardRow(t, 'GIFT_REPLACE')).toMatchObject({ failed_attempts: 0, locked_until: null });
    // A right secret forgets the number's counters: no row is left.
    expect(await t.db.selectFrom('number_guesses').selectAll().where('number_index', '=', t.deps.crypto.blindIndex.of(PURPOSE.cardNumber, demoCard('GIFT_REPLACE').number.replaceAll(' ', ''))).execute()).toEqual([]);
  });

  it('escalates the cool-down to 2 hours after 10 and 24 hours after 15 wrong secrets, and counts each lockout', async () => {
    const lockouts = (kind: string) => t.deps.metrics.registry.getSingleMetric('tessera_card_lockouts_total')!.get().then((m) => m.values.find((v) => v.labels.kind === kind)?.value ?? 0);
    const before = await Promise.all(['cooldown_30m', 'cooldown_2h', 'cooldown_24h'].map(lockouts));
    const round = async () => {
      for (let i = 0; i < 5; i++) expect(await codeOf('GIFT_EMPTY', '000000')).toBe('CARD_NOT_FOUND');
      expect(await codeOf('GIFT_EMPTY')).toBe('TOO_MANY_REQUESTS');
    };
    await round();
    clock += 30 * 60_000 + 1000;
    await round();
    clock += 2 * 60 * 60_000 - 1000;
    expect(await codeOf('GIFT_EMPTY')).toBe('TOO_MANY_REQUESTS');
    clock += 2000;
    await round();
    clock += 24 * 60 * 60_000 - 1000;
    expect(await codeOf('GIFT_EMPTY')).toBe('TOO_MANY_REQUESTS');
    clock += 2000;
    expect(await codeOf('GIFT_EMPTY')).toBe('OK');
    const after = await Promise.all(['cooldown_30m', 'cooldown_2h', 'cooldown_24h'].map(lockouts));
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 1]);
    const card = await t.db.selectFrom('cards').select('id').where('number_last3', '=', demoCard('GIFT_EMPTY').number.slice(-3)).executeTakeFirstOrThrow();
    const events = await t.db.selectFrom('audit_events').select(['outcome', 'detail', 'flow_type']).where('type', '=', 'card.lockout').where('card_id', '=', card.id).orderBy('occurred_at').execute();
    expect(events).toEqual([
      { outcome: 'cooldown_30m', detail: 'after 5 consecutive wrong secrets', flow_type: 'BALANCE' },
      { outcome: 'cooldown_2h', detail: 'after 10 consecutive wrong secrets', flow_type: 'BALANCE' },
      { outcome: 'cooldown_24h', detail: 'after 15 consecutive wrong secrets', flow_type: 'BALANCE' },
    ]);
  });

  it('locks the card for the operator only after 100 wrong secrets, and never texts a gift card', async () => {
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 5; i++) expect(await codeOf('GIFT_NO_EXPIRY', '000000')).toBe('CARD_NOT_FOUND');
      expect(await codeOf('GIFT_NO_EXPIRY', '000000')).toBe('TOO_MANY_REQUESTS');
      if (round === 18) {
        // 95 wrong secrets: cooling down, not locked.
        expect(await cardRow(t, 'GIFT_NO_EXPIRY')).toMatchObject({ failed_attempts: 95, operator_locked: 0 });
      }
      clock += 24 * 60 * 60_000 + 1000;
    }
    // A day later the right code is still refused: only the operator unlocks.
    clock += 24 * 60 * 60 * 1000;
    expect(await codeOf('GIFT_NO_EXPIRY')).toBe('TOO_MANY_REQUESTS');
    const card = await cardRow(t, 'GIFT_NO_EXPIRY');
    expect(card).toMatchObject({ failed_attempts: 100, operator_locked: 1 });
    const events = await t.db.selectFrom('audit_events').select('outcome').where('outcome', '=', 'refused_locked').execute();
    expect(events.length).toBeGreaterThan(0);
    const lockouts = await t.db.selectFrom('audit_events').select('outcome').where('type', '=', 'card.lockout').where('card_id', '=', card.id).execute();
    expect(lockouts.map((e) => e.outcome).at(-1)).toBe('operator_lock');
    expect(lockouts).toHaveLength(20);
    expect(await t.db.selectFrom('outbox_messages').select('id').where('card_id', '=', card.id).execute()).toEqual([]);
  });

  it('does not count attempts refused during a cool-down', async () => {
    for (let i = 0; i < 5; i++) await codeOf('GIFT_IDENTIFY', '000000');
    for (let i = 0; i < 10; i++) expect(await codeOf('GIFT_IDENTIFY', '000000')).toBe('TOO_MANY_REQUESTS');
    expect((await cardRow(t, 'GIFT_IDENTIFY')).failed_attempts).toBe(5);
  });

  /**
   * Holds a card number's guessing counters as a secret check does (lockNumberGuesses: PostgreSQL's
   * advisory lock and row; SQLite: the one connection), optionally counting a wrong guess, until
   * `release` is called: what a concurrent check in flight looks like.
   */
  async function holdCounters(name: string, change?: { failed_attempts: number; locked_until: string }) {
    const index = t.deps.crypto.blindIndex.of(PURPOSE.cardNumber, demoCard(name).number.replaceAll(' ', ''));
    let held!: () => void;
    const rowHeld = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done = t.db.transaction().execute(async (trx) => {
      const at = new Date(clock).toISOString();
      await lockNumberGuesses(trx, index, at);
      if (change) await countNumberGuess(trx, index, change.failed_attempts, change.locked_until, at);
      held();
      await released;
    });
    await rowHeld;
    return async () => {
      release();
      await done;
    };
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('never accepts a right secret while a wrong one that starts a cool-down is being committed', async () => {
    // 4 wrong guesses, then the 5th, holding the counters with the cool-down written but not yet committed.
    for (let i = 0; i < 4; i++) expect(await codeOf('GIFT_RESET', '000000')).toBe('CARD_NOT_FOUND');
    const release = await holdCounters('GIFT_RESET', { failed_attempts: 5, locked_until: new Date(clock + 30 * 60_000).toISOString() });
    const right = lookup('GIFT_RESET');
    // Time for the right secret to be read and checked while the wrong one is uncommitted: without
    // the shared lock on PostgreSQL it is accepted on the count it read (0).
    await pause(300);
    await release();
    const res = await right;
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('admits 5 wrong codes of a parallel burst of 19, and refuses the right one sent last', async () => {
    // The burst queues up behind a check in flight on a number with no counters yet (its row is
    // being inserted, which no reader waits for), so the right one is sent, and waits, last.
    const release = await holdCounters('GIFT_BELOW_FEE');
    const wrong = Array.from({ length: 19 }, () => lookup('GIFT_BELOW_FEE', '000000'));
    await pause(200);
    const right = lookup('GIFT_BELOW_FEE');
    await pause(100);
    await release();
    const codes = (await Promise.all([...wrong, right])).map((r) => (r.statusCode === 200 ? 'OK' : (r.json().code as string)));
    expect(codes.filter((c) => c === 'CARD_NOT_FOUND')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(15);
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
    expect((await cardRow(t, 'GIFT_BELOW_FEE')).failed_attempts).toBe(5);
  });

  // Last in the file: it takes the schema down a step and up again.
  it('migration 015 copies the cards’ counters to their numbers, keeping a lock, the higher count and the later cool-down, and leaves the columns to the previous release', async () => {
    const db = t.db;
    const migrator = new Migrator({ db, provider: migrationProvider, ...(t.database.dialect === 'postgres' && { migrationTableSchema: t.database.schema }) });
    expect((await migrator.migrateTo('014_card_import_batches')).error).toBeUndefined();
    const indexOf = (name: string) => t.deps.crypto.blindIndex.of(PURPOSE.cardNumber, demoCard(name).number.replaceAll(' ', ''));
    const at = new Date(clock).toISOString();
    const hourLater = new Date(clock + 3_600_000).toISOString();
    const dayLater = new Date(clock + 86_400_000).toISOString();
    await db.deleteFrom('number_guesses').execute();
    const setOnCard = (name: string, failed: number, lockedUntil: string | null, operatorLocked: 0 | 1) =>
      sql`update cards set failed_attempts = ${failed}, locked_until = ${lockedUntil}, operator_locked = ${operatorLocked} where number_index = ${indexOf(name)}`.execute(db);
    await setOnCard('GIFT_BALANCE', 7, hourLater, 0);
    await setOnCard('GIFT_PAYOUT', 20, null, 1);
    await setOnCard('GIFT_EMPTY', 3, null, 0);
    // Guesses on the same number made where the card did not qualify (another brand's portal, say).
    await db.insertInto('number_guesses').values({ number_index: indexOf('GIFT_EMPTY'), failed_attempts: 2, locked_until: dayLater, updated_at: at }).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('number_guesses').select(['number_index', 'failed_attempts', 'locked_until']).execute();
    const byIndex = new Map(rows.map((r) => [r.number_index, { failed_attempts: r.failed_attempts, locked_until: r.locked_until }]));
    expect(rows).toHaveLength(3);
    expect(byIndex.get(indexOf('GIFT_BALANCE'))).toEqual({ failed_attempts: 7, locked_until: hourLater });
    expect(byIndex.get(indexOf('GIFT_PAYOUT'))).toEqual({ failed_attempts: 100, locked_until: null });
    expect(byIndex.get(indexOf('GIFT_EMPTY'))).toEqual({ failed_attempts: 3, locked_until: dayLater });
    // What the cardholder sees: the lock holds, the cool-down runs.
    expect(await codeOf('GIFT_PAYOUT')).toBe('TOO_MANY_REQUESTS');
    expect(await codeOf('GIFT_BALANCE')).toBe('TOO_MANY_REQUESTS');
    // The cards columns stay for the previous release's replicas (deployment.md#upgrades), and
    // this release no longer reads them: a card whose row says locked but whose number has no
    // counters takes its code.
    await setOnCard('GIFT_REPLACE', 100, null, 1);
    expect(await codeOf('GIFT_REPLACE')).toBe('OK');
  });
});
