import { giftCardSchema, resetApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { GUESSING_COOLDOWN_MS } from '../src/domain/guessing-policy.js';
import { demoCard, lookupBody } from './helpers/demo.js';
import { cardRow, expectNoSecretsInLogOrAudit, giveRecoveryCode, resetBody, useFlowTestApp } from './helpers/flows.js';

// RESET: POST /api/recovery/{themeCode}/ (docs/product/reset.md,
// docs/product/common.md#guessing-limits).

let clock = new Date('2025-06-15T10:00:00Z').getTime();
const { t, log } = useFlowTestApp({ now: () => new Date(clock) });
/** Every secret and number this file sends or learns: none may reach the log or an error answer. */
const secretsUsed = new Set<string>();

function recover(body: Record<string, unknown>, themeCode = 'demo', flowType: string | null = 'SECURITY_RESET') {
  for (const key of ['cardNumber', 'otcNumber', 'securityCode'] as const) {
    const value = typeof body[key] === 'string' ? body[key].replaceAll(' ', '') : '';
    if (value.length >= 6) secretsUsed.add(value);
  }
  return t.app.inject({
    method: 'POST',
    url: resetApi.recovery.build({ themeCode: themeCode }),
    headers: { ...(flowType !== null && { 'x-flow-type': flowType }) },
    payload: body,
  });
}

const codeOf = async (body: Record<string, unknown>, themeCode = 'demo') => {
  const res = await recover(body, themeCode);
  if (res.statusCode !== 200) {
    for (const secret of secretsUsed) expect(res.body, 'an error answer names no secret').not.toContain(secret);
  }
  return res.statusCode === 200 ? 'OK' : (res.json().code as string);
};

const lookupCode = async (name: string, pinCode: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/GiftCard/', headers: { 'x-flow-type': 'BALANCE' }, payload: lookupBody(name, { pinCode }) });
  return res.statusCode === 200 ? 'OK' : (res.json().code as string);
};

const secretsOf = (cardId: string, kind: 'recovery_code' | 'security_code') =>
  t.db.selectFrom('card_secrets').select(['used_at']).where('card_id', '=', cardId).where('kind', '=', kind).orderBy('created_at').execute();

describe('RESET: order of checks', () => {
  it('answers 404 THEME_NOT_FOUND for an unknown or malformed brand before anything else', async () => {
    for (const theme of ['nobody', 'no.pe', 'x'.repeat(65)]) {
      const res = await recover({ nonsense: true }, theme, null);
      expect(res.statusCode, theme).toBe(404);
      expect(res.json().code).toBe('THEME_NOT_FOUND');
    }
  });

  it('answers 403 FLOW_UNAVAILABLE for a brand without RESET (acme), before the body is read', async () => {
    const res = await recover({ nonsense: true }, 'acme');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FLOW_UNAVAILABLE');
    // The brand is found by code as well as slug.
    expect((await recover(resetBody('GIFT_RESET'), 'ACME')).json().code).toBe('FLOW_UNAVAILABLE');
  });

  it('answers 400 VALIDATION_ERROR for a missing or foreign x-flow-type', async () => {
    for (const flow of [null, 'BALANCE', 'RESET', 'nonsense']) {
      const res = await recover(resetBody('GIFT_RESET'), 'demo', flow);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
  });

  it('answers 400 VALIDATION_ERROR listing the bad fields, before the captcha', async () => {
    const res = await recover({ cardNumber: '1234', otcNumber: '12a456', securityCode: '', 'g-recaptcha-response': 'wrong' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().fields.map((f: { path: string }) => f.path).sort()).toEqual(['cardNumber', 'otcNumber', 'securityCode']);
    const short = await recover(resetBody('GIFT_RESET', { otcNumber: '65432' }));
    expect(short.json().fields).toEqual([expect.objectContaining({ path: 'otcNumber' })]);
  });

  it('answers 400 CAPTCHA_INVALID for a missing or wrong token, before the new code is judged', async () => {
    const missing = await recover(resetBody('GIFT_RESET', { 'g-recaptcha-response': undefined, securityCode: '123456' }));
    const wrong = await recover(resetBody('GIFT_RESET', { 'g-recaptcha-response': 'nope' }));
    for (const res of [missing, wrong]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CAPTCHA_INVALID');
    }
  });

  it('judges the new code before the card: an insecure code with a wrong card is SECURITY_CODE_INSECURE', async () => {
    expect(await codeOf(resetBody('GIFT_RESET', { cardNumber: '6064 9999 9999 9999 999', securityCode: '111111' }))).toBe('SECURITY_CODE_INSECURE');
  });
});

describe('RESET: a new security code the passcode rules refuse', () => {
  it('refuses short, long, guessable and non-alphanumeric codes without using the recovery code or counting a guess', async () => {
    const card = await cardRow(t, 'GIFT_RESET');
    for (const code of ['12345', '1234567', '123456', '654321', '777777', 'abcdef', 'k7P2q!']) {
      const res = await recover(resetBody('GIFT_RESET', { securityCode: code }));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code, code).toBe('SECURITY_CODE_INSECURE');
    }
    const after = await cardRow(t, 'GIFT_RESET');
    expect(after.failed_attempts).toBe(0);
    expect(await secretsOf(card.id, 'recovery_code')).toEqual([{ used_at: null }]);
    // The old security code still works: nothing changed.
    expect(await lookupCode('GIFT_RESET', demoCard('GIFT_RESET').securityCode!)).toBe('OK');
    const events = await t.db.selectFrom('audit_events').select(['outcome', 'detail']).where('type', '=', 'giftcard.reset').execute();
    expect(events.filter((e) => e.outcome === 'security_code_insecure').map((e) => e.detail)).toEqual(
      expect.arrayContaining(['short', 'long', 'guessable', 'invalidCharacters']),
    );
  });
});

describe('RESET: success', () => {
  it('sets the new security code, uses up the recovery code and answers the card like a lookup', async () => {
    const card = await cardRow(t, 'GIFT_RESET');
    const res = await recover(resetBody('GIFT_RESET', { securityCode: 'Zr83kQ' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(giftCardSchema.parse(res.json())).toEqual({
      code: '6064000000000000107',
      expiresAt: null,
      balances: [{ quantity: { value: 3000, assetCode: 'EUR' } }],
      transactions: [{ kind: 'load', amount: { value: 3000, assetCode: 'EUR' }, createdAt: expect.any(String) }],
    });

    // The old code no longer works; the new one does, with the same balance.
    expect(await lookupCode('GIFT_RESET', demoCard('GIFT_RESET').securityCode!)).toBe('CARD_NOT_FOUND');
    expect(await lookupCode('GIFT_RESET', 'Zr83kQ')).toBe('OK');
    secretsUsed.add('Zr83kQ');

    const recovery = await secretsOf(card.id, 'recovery_code');
    expect(recovery).toHaveLength(1);
    expect(recovery[0]!.used_at).not.toBeNull();
    const security = await secretsOf(card.id, 'security_code');
    expect(security.map((s) => s.used_at === null)).toEqual([false, true]);
    const events = await t.db.selectFrom('audit_events').selectAll().where('type', '=', 'giftcard.reset').where('outcome', '=', 'success').execute();
    expect(events).toEqual([expect.objectContaining({ card_id: card.id, flow_type: 'SECURITY_RESET', brand_id: card.brand_id })]);
  });

  it('lets a recovery code work once: a second use is RECOVERY_CODE_NOT_FOUND and counts as a wrong guess', async () => {
    // (The lookup with the old code above counted one wrong guess; the right one reset it.)
    expect((await cardRow(t, 'GIFT_RESET')).failed_attempts).toBe(0);
    const res = await recover(resetBody('GIFT_RESET', { securityCode: 'Qm27xw' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'RECOVERY_CODE_NOT_FOUND', message: expect.any(String) });
    expect((await cardRow(t, 'GIFT_RESET')).failed_attempts).toBe(1);
    expect(await lookupCode('GIFT_RESET', 'Qm27xw')).toBe('CARD_NOT_FOUND');
    expect(await lookupCode('GIFT_RESET', 'Zr83kQ')).toBe('OK');
  });

  it('works with a code the operator issued; the code the card had before stops working', async () => {
    const first = await giveRecoveryCode(t, 'GIFT_NO_EXPIRY');
    const second = await giveRecoveryCode(t, 'GIFT_NO_EXPIRY');
    expect(await codeOf(resetBody('GIFT_NO_EXPIRY', { otcNumber: first }))).toBe(first === second ? 'OK' : 'RECOVERY_CODE_NOT_FOUND');
    if (first !== second) expect(await codeOf(resetBody('GIFT_NO_EXPIRY', { otcNumber: second }))).toBe('OK');
    secretsUsed.add(first).add(second);
  });
});

describe('RESET: never says which part was wrong', () => {
  it('answers RECOVERY_CODE_NOT_FOUND alike for a wrong code, an unknown number, a Visa card, another brand and a card without a code', async () => {
    const acmeCode = await giveRecoveryCode(t, 'GIFT_ACME');
    secretsUsed.add(acmeCode);
    const answers = [
      await recover(resetBody('GIFT_PAYOUT', { otcNumber: '000001' })), // no recovery code at all
      await recover(resetBody('GIFT_RESET', { cardNumber: '6064 9999 9999 9999 999', otcNumber: '654321' })),
      await recover(resetBody('GIFT_RESET', { cardNumber: demoCard('VISA_ACTIVE').number })),
      await recover(resetBody('GIFT_ACME', { otcNumber: acmeCode })), // right code, but on the demo brand's path
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('RECOVERY_CODE_NOT_FOUND');
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // The acme card's code was not used up by the refused call.
    const acme = await cardRow(t, 'GIFT_ACME');
    expect(await secretsOf(acme.id, 'recovery_code')).toEqual([{ used_at: null }]);
  });
});

describe('RESET: guessing limits (the same count as security codes)', () => {
  it('refuses every code for 30 minutes after 5 wrong ones, even the right recovery code, then accepts it', async () => {
    const code = await giveRecoveryCode(t, 'GIFT_IDENTIFY');
    secretsUsed.add(code);
    const wrong = code === '000000' ? '000001' : '000000';
    // Wrong security codes and wrong recovery codes count together.
    for (let i = 0; i < 2; i++) expect(await lookupCode('GIFT_IDENTIFY', '999999')).toBe('CARD_NOT_FOUND');
    for (let i = 0; i < 3; i++) expect(await codeOf(resetBody('GIFT_IDENTIFY', { otcNumber: wrong }))).toBe('RECOVERY_CODE_NOT_FOUND');
    expect(await codeOf(resetBody('GIFT_IDENTIFY', { otcNumber: code }))).toBe('TOO_MANY_REQUESTS');
    expect(await lookupCode('GIFT_IDENTIFY', demoCard('GIFT_IDENTIFY').securityCode!)).toBe('TOO_MANY_REQUESTS');
    const card = await cardRow(t, 'GIFT_IDENTIFY');
    expect(card.failed_attempts).toBe(5);
    expect(await secretsOf(card.id, 'recovery_code')).toEqual([{ used_at: null }]);

    clock += GUESSING_COOLDOWN_MS + 1000;
    expect(await codeOf(resetBody('GIFT_IDENTIFY', { otcNumber: code, securityCode: 'Hw4n8p' }))).toBe('OK');
    secretsUsed.add('Hw4n8p');
    expect((await cardRow(t, 'GIFT_IDENTIFY')).failed_attempts).toBe(0);
  });

  it('locks the card for the operator after 100 wrong recovery codes', async () => {
    const code = await giveRecoveryCode(t, 'GIFT_BELOW_FEE');
    secretsUsed.add(code);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 5; i++) expect(await codeOf(resetBody('GIFT_BELOW_FEE', { otcNumber: wrong }))).toBe('RECOVERY_CODE_NOT_FOUND');
      expect(await codeOf(resetBody('GIFT_BELOW_FEE', { otcNumber: wrong }))).toBe('TOO_MANY_REQUESTS');
      clock += 24 * 60 * 60 * 1000 + 1000;
    }
    clock += 24 * 60 * 60 * 1000;
    expect(await codeOf(resetBody('GIFT_BELOW_FEE', { otcNumber: code }))).toBe('TOO_MANY_REQUESTS');
    const card = await cardRow(t, 'GIFT_BELOW_FEE');
    expect(card).toMatchObject({ failed_attempts: 100, operator_locked: 1 });
    expect(await secretsOf(card.id, 'recovery_code')).toEqual([{ used_at: null }]);
  });
});

describe('RESET: nothing secret in logs or audit events', () => {
  it('writes no card number, recovery code or security code to the log or the audit trail', async () => {
    expect(log.text()).toContain('request completed');
    await expectNoSecretsInLogOrAudit(t, log, secretsUsed);
    expect(secretsUsed.size).toBeGreaterThan(10);
  });
});
