import { resetApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../../src/crypto/index.js';
import { findCardByNumberIndex, updateCard } from '../../src/db/repositories/cards.js';
import { setCounters } from '../helpers/flows.js';
import { CAPTCHA, expectRefusals, useCliTest } from './support.js';

const c = useCliTest();

const cardOf = async (number: string) =>
  (await findCardByNumberIndex(c.t.db, c.t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, number.replace(/\s/g, ''))))!;

/** RESET through the API, as the portal sends it. */
const reset = async (brand: string, number: string, otcNumber: string, securityCode: string) => {
  const res = await c.t.app.inject({
    method: 'POST',
    url: resetApi.recovery.build({ themeCode: brand }),
    headers: { 'x-flow-type': 'SECURITY_RESET' },
    payload: { cardNumber: number, otcNumber, securityCode, 'g-recaptcha-response': CAPTCHA },
  });
  return res.statusCode === 200 ? 'OK' : (res.json().code as string);
};

const codeIn = (stdout: string) => /: (\d{6})$/m.exec(stdout)?.[1];

describe('tessera cards recovery-code', () => {
  it('prints a new 6-digit code once; it works in RESET once, and the previous code stops working', async () => {
    const number = '6064 0000 0000 0000 107'; // GIFT_RESET, demo recovery code 654321
    const res = await c.cli('cards', 'recovery-code', ...number.split(' '));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const code = codeIn(res.stdout);
    expect(code).toMatch(/^\d{6}$/);
    expect(res.stdout).toBe(
      `Recovery code for gift card XXXXXXXXXXXXXXXX107 of brand DEMO: ${code}\n` +
        'It works once, at /demo/reset; earlier recovery codes of this card no longer work. It cannot be shown again.',
    );
    expect(res.stdout).not.toContain('6064');

    if (code !== '654321') expect(await reset('demo', number, '654321', 'Gk29vd')).toBe('RECOVERY_CODE_NOT_FOUND');
    expect(await reset('demo', number, code!, 'Gk29vd')).toBe('OK');
    expect(await reset('demo', number, code!, 'Pq81ns')).toBe('RECOVERY_CODE_NOT_FOUND');

    const card = await cardOf(number);
    const audit = await c.t.db.selectFrom('audit_events').selectAll().where('type', '=', 'card.recovery_code').where('card_id', '=', card.id).execute();
    expect(audit).toEqual([expect.objectContaining({ outcome: 'issued', brand_id: card.brand_id })]);
    expect(JSON.stringify(audit)).not.toContain(code);
    // Only a keyed hash is stored.
    const stored = await c.t.db.selectFrom('card_secrets').select('hash').where('card_id', '=', card.id).where('kind', '=', 'recovery_code').execute();
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('issues a different code each time', async () => {
    const codes = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) codes.add(codeIn((await c.cli('cards', 'recovery-code', '6064000000000000106')).stdout));
    expect(codes.size).toBeGreaterThan(1);
  });

  it('says when the brand does not offer RESET, and when the card is locked', async () => {
    const acme = await c.cli('cards', 'recovery-code', '6064 1000 0000 0000 201');
    expect(acme.code).toBe(0);
    expect(acme.stdout).toContain('of brand ACME: ');
    expect(acme.stdout).toContain('Note: brand ACME does not offer the RESET flow');
    expect(await reset('acme', '6064100000000000201', codeIn(acme.stdout)!, 'Gk29vd')).toBe('FLOW_UNAVAILABLE');

    const number = '6064 0000 0000 0000 110';
    const card = await cardOf(number);
    await setCounters(c.t, card, { failed_attempts: 100 });
    const locked = await c.cli('cards', 'recovery-code', number);
    expect(locked.code).toBe(0);
    expect(locked.stdout).toContain('run "tessera cards unlock NUMBER" too');
    expect(await reset('demo', number, codeIn(locked.stdout)!, 'Gk29vd')).toBe('TOO_MANY_REQUESTS');
  });

  it('refuses an unknown card, a Visa card, a blocked card and a malformed number with exit 1, writing nothing', async () => {
    const count = async () =>
      Number((await c.t.db.selectFrom('card_secrets').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'recovery_code').executeTakeFirstOrThrow()).n);
    const before = await count();

    const blockedCard = await cardOf('6064000000000000109');
    await updateCard(c.t.db, blockedCard.id, { state: 'blocked', updated_at: new Date().toISOString() });
    const refusals = await expectRefusals(c, [
      [['cards', 'recovery-code', '6064 9999 9999 9999 999'], 'tessera cards recovery-code: No card with number XXXXXXXXXXXXXXXX999 exists.'],
      [['cards', 'recovery-code', '4000 0000 0000 0000 010'], expect.stringContaining('is a Visa card')],
      [['cards', 'recovery-code', '6064000000000000109'], expect.stringContaining('XXXXXXXXXXXXXXXX109 is blocked')],
      [['cards', 'recovery-code', '1234'], expect.stringContaining('That is not a card number')],
      [['cards', 'recovery-code', 'abc'], expect.any(String)],
    ]);
    for (const res of refusals) {
      expect(res.stdout).toBe('');
      expect(res.stderr).not.toMatch(/\d{16}/);
    }
    expect(await count()).toBe(before);
  });

  it('shows its help and refuses a missing number with exit 2', async () => {
    const help = await c.cli('cards', 'recovery-code', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tessera cards recovery-code NUMBER');
    const missing = await c.cli('cards', 'recovery-code');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cards recovery-code needs the card number');
    const unknown = await c.cli('cards', 'recovery-code', '6064000000000000101', '--force');
    expect(unknown.code).toBe(2);
  });
});
