import { describe, expect, it } from 'vitest';
import { GUESSING_COOLDOWN_MS } from '../src/domain/guessing-policy.js';
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
    const card = await t.db.selectFrom('cards').select(['failed_attempts', 'locked_until']).where('number_last3', '=', '108').executeTakeFirstOrThrow();
    expect(card).toEqual({ failed_attempts: 0, locked_until: null });
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
        const row = await t.db.selectFrom('cards').select(['failed_attempts', 'operator_locked']).where('number_last3', '=', '106').executeTakeFirstOrThrow();
        expect(row).toEqual({ failed_attempts: 95, operator_locked: 0 });
      }
      clock += 24 * 60 * 60_000 + 1000;
    }
    // A day later the right code is still refused: only the operator unlocks.
    clock += 24 * 60 * 60 * 1000;
    expect(await codeOf('GIFT_NO_EXPIRY')).toBe('TOO_MANY_REQUESTS');
    const card = await t.db.selectFrom('cards').select(['id', 'failed_attempts', 'operator_locked']).where('number_last3', '=', '106').executeTakeFirstOrThrow();
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
    const card = await t.db.selectFrom('cards').select('failed_attempts').where('number_last3', '=', '110').executeTakeFirstOrThrow();
    expect(card.failed_attempts).toBe(5);
  });

  /**
   * Holds a card's row as a secret check does (PostgreSQL: FOR UPDATE; SQLite: the one connection),
   * optionally changing it, until `release` is called: what a concurrent check in flight looks like.
   */
  async function holdCardRow(cardId: string, change?: { failed_attempts: number; locked_until: string }) {
    let held!: () => void;
    const rowHeld = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done = t.db.transaction().execute(async (trx) => {
      const select = trx.selectFrom('cards').select('id').where('id', '=', cardId);
      await (t.database.dialect === 'postgres' ? select.forUpdate() : select).execute();
      if (change) await trx.updateTable('cards').set(change).where('id', '=', cardId).execute();
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
  const cardIdOf = async (name: string) =>
    (await t.db.selectFrom('cards').select('id').where('number_last3', '=', demoCard(name).number.slice(-3)).executeTakeFirstOrThrow()).id;

  it('never accepts a right secret while a wrong one that starts a cool-down is being committed', async () => {
    // The 5th wrong guess, holding the row with the cool-down written but not yet committed.
    const release = await holdCardRow(await cardIdOf('GIFT_RESET'), { failed_attempts: 5, locked_until: new Date(clock + 30 * 60_000).toISOString() });
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
    // The burst queues up behind a check in flight, so the right one is sent, and waits, last.
    const release = await holdCardRow(await cardIdOf('GIFT_BELOW_FEE'));
    const wrong = Array.from({ length: 19 }, () => lookup('GIFT_BELOW_FEE', '000000'));
    await pause(200);
    const right = lookup('GIFT_BELOW_FEE');
    await pause(100);
    await release();
    const codes = (await Promise.all([...wrong, right])).map((r) => (r.statusCode === 200 ? 'OK' : (r.json().code as string)));
    expect(codes.filter((c) => c === 'CARD_NOT_FOUND')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(15);
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
    const row = await t.db.selectFrom('cards').select('failed_attempts').where('number_last3', '=', demoCard('GIFT_BELOW_FEE').number.slice(-3)).executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
  });
});
