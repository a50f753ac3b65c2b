import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../../src/crypto/index.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import { countersOf, setCounters } from '../helpers/flows.js';
import { expectRefusals, lookupGiftCard, useCliTest } from './support.js';

const c = useCliTest();

const cardOf = async (number: string) =>
  (await findCardByNumberIndex(c.t.db, c.t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, number.replace(/\s/g, ''))))!;

const lookupCode = async (number: string, code: string) => {
  const res = await lookupGiftCard(c.t, 'DEMO', number, code);
  return res.statusCode === 200 ? 'OK' : (res.json().code as string);
};

describe('tessera cards unlock', () => {
  it('lifts the operator lock and resets the count; the card works again', async () => {
    const number = '6064 0000 0000 0000 108'; // GIFT_REPLACE, security code 640092
    const card = await cardOf(number);
    await setCounters(c.t, card, { failed_attempts: 100 });
    expect(await lookupCode(number, '640092')).toBe('TOO_MANY_REQUESTS');

    // Unquoted, the groups of the number arrive as separate arguments.
    const res = await c.cli('cards', 'unlock', ...number.split(' '), '--by', 'support.jan');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('Unlocked giftcard card XXXXXXXXXXXXXXXX108 of brand DEMO: it was locked; 100 wrong attempts cleared.');

    const after = await cardOf(number);
    expect(await countersOf(c.t, after)).toEqual({ operator_locked: 0, failed_attempts: 0, locked_until: null });
    expect(await lookupCode(number, '640092')).toBe('OK');
    const audit = await c.t.db.selectFrom('audit_events').selectAll().where('type', '=', 'card.unlock').where('card_id', '=', card.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'unlocked', brand_id: card.brand_id, client: 'operator:support.jan' });
    expect(audit[0]!.detail).not.toContain('6064');
  });

  it('ends the 30-minute wait after 5 wrong codes', async () => {
    const number = '6064000000000000110'; // GIFT_IDENTIFY, security code 773415
    for (let i = 0; i < 5; i++) expect(await lookupCode(number, '000000')).toBe('CARD_NOT_FOUND');
    expect(await lookupCode(number, '773415')).toBe('TOO_MANY_REQUESTS');
    const res = await c.cli('cards', 'unlock', '6064 0000 0000 0000 110');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('it was waiting until');
    expect(res.stdout).toContain('5 wrong attempts cleared');
    expect(await lookupCode(number, '773415')).toBe('OK');
  });

  it('says so when the card was not locked', async () => {
    const res = await c.cli('cards', 'unlock', '6064000000000000106');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('The giftcard card XXXXXXXXXXXXXXXX106 of brand DEMO was not locked; 0 wrong attempts cleared.');
  });

  it('says so when the card does not exist or the number is not one', async () => {
    const [missing] = await expectRefusals(c, [
      [['cards', 'unlock', '6064 9999 9999 9999 999'], expect.stringContaining('No card with number XXXXXXXXXXXXXXXX999 exists.')],
      [['cards', 'unlock', '1234'], expect.stringContaining('That is not a card number: card number must have at least 16 digits')],
      [['cards', 'unlock', 'abcd-efgh'], expect.stringContaining('That is not a card number')],
    ]);
    expect(missing!.stderr).not.toContain('6064');
  });
});
