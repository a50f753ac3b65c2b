import { describe, expect, it } from 'vitest';
import { GUESSING_COOLDOWN_MS } from '../src/domain/guessing-policy.js';
import { lookupBody } from './helpers/demo.js';
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

  it('locks the card until the operator unlocks it after 20 wrong secrets', async () => {
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 5; i++) expect(await codeOf('GIFT_NO_EXPIRY', '000000')).toBe('CARD_NOT_FOUND');
      expect(await codeOf('GIFT_NO_EXPIRY', '000000')).toBe('TOO_MANY_REQUESTS');
      clock += GUESSING_COOLDOWN_MS + 1000;
    }
    // A day later the right code is still refused: only the operator unlocks.
    clock += 24 * 60 * 60 * 1000;
    expect(await codeOf('GIFT_NO_EXPIRY')).toBe('TOO_MANY_REQUESTS');
    const card = await t.db.selectFrom('cards').select(['failed_attempts', 'operator_locked']).where('number_last3', '=', '106').executeTakeFirstOrThrow();
    expect(card).toEqual({ failed_attempts: 20, operator_locked: 1 });
    const events = await t.db.selectFrom('audit_events').select('outcome').where('outcome', '=', 'refused_locked').execute();
    expect(events.length).toBeGreaterThan(0);
  });

  it('does not count attempts refused during a cool-down', async () => {
    for (let i = 0; i < 5; i++) await codeOf('GIFT_IDENTIFY', '000000');
    for (let i = 0; i < 10; i++) expect(await codeOf('GIFT_IDENTIFY', '000000')).toBe('TOO_MANY_REQUESTS');
    const card = await t.db.selectFrom('cards').select('failed_attempts').where('number_last3', '=', '110').executeTakeFirstOrThrow();
    expect(card.failed_attempts).toBe(5);
  });
});
