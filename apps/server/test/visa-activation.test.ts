import {
  activationResultSchema,
  codeRequestResultSchema,
  holderInformationSchema,
  visaApi,
} from '@tessera/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUESSING_COOLDOWN_MS } from '../src/domain/guessing-policy.js';
import { demoCard } from './helpers/demo.js';
import { expectNoSecretsInLogOrAudit, useFlowTestApp, withoutIdsAndTimes } from './helpers/flows.js';
import { captcha, issueVisa, latestCode, queuedSms, visaRow } from './helpers/visa.js';

// VISA activation: RequestActivationCode, UseActivationCode, UpdateHolderInformation and the
// login GetHolderInformation (docs/product/visa.md, docs/product/common.md).

let clock = new Date('2030-05-01T09:00:00Z').getTime();
const MINUTE = 60_000;
const { t, log } = useFlowTestApp({ now: () => new Date(clock) });
/** Every secret, number and phone this file sends or learns: none may reach a log, an error answer or an audit event. */
const secrets = new Set<string>();
beforeAll(() => {
  for (const name of ['VISA_NEW_1', 'VISA_NEW_2', 'VISA_ACTIVE']) {
    secrets.add(demoCard(name).number.replaceAll(' ', '')).add(demoCard(name).visa!.holder.phoneNumber).add(demoCard(name).visa!.pin);
  }
  secrets.add('Tq8m3x');
});

type Body = Record<string, unknown>;

function remember(body: Body) {
  for (const key of ['cardNumber', 'otcNumber', 'securityCode'] as const) {
    const value = typeof body[key] === 'string' ? body[key].replaceAll(' ', '') : '';
    if (value.length >= 6) secrets.add(value);
  }
}

async function call(method: 'POST' | 'PUT', url: string, body: Body, headers: Record<string, string> = { 'x-flow-type': 'VISA' }) {
  remember(body);
  const res = await t.app.inject({ method, url, headers, payload: body });
  if (res.statusCode !== 200) {
    for (const secret of secrets) expect(res.body, 'an error answer names no secret').not.toContain(secret);
  }
  return res;
}
const outcome = (res: { statusCode: number; json: () => { code?: string } }) => (res.statusCode === 200 ? 'OK' : `${res.statusCode} ${res.json().code}`);

const requestCode = (cardNumber: string, extra: Body = {}, theme = 'demo', headers?: Record<string, string>) =>
  call('POST', visaApi.requestActivationCode.build({ themeCode: theme }), { cardNumber, 'g-recaptcha-response': captcha, culture: 'nl', ...extra }, headers);
const useCode = (cardNumber: string, otcNumber: string, securityCode: string, theme = 'demo', headers?: Record<string, string>) =>
  call('POST', visaApi.useActivationCode.build({ themeCode: theme }), { cardNumber, otcNumber, securityCode }, headers);
const review = (cardNumber: string, securityCode: string, extra: Body = {}) =>
  call('PUT', visaApi.updateHolderInformation.build({ themeCode: 'demo' }), {
    cardNumber,
    securityCode,
    dateOfBirth: '1990-02-28',
    countryOfBirth: 'NL',
    nationality: 'BE',
    ...extra,
  });
const login = (cardNumber: string, securityCode: string, extra: Body = {}, headers: Record<string, string> = {}) =>
  call('POST', visaApi.getHolderInformation.build({ themeCode: 'demo' }), { cardNumber, securityCode, ...extra }, headers);

/** A Visa card of the test's own, its number and phone remembered as secrets. */
async function newCard() {
  const card = await issueVisa(t);
  secrets.add(card.number).add(card.phone);
  return card;
}

/** Requests an activation code for the card and answers the one its SMS carried, remembered as a secret. */
async function sentCode(cardNumber: string) {
  await requestCode(cardNumber);
  const code = await latestCode(t, cardNumber);
  secrets.add(code);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the whole activation of VISA_NEW_1', () => {
  const number = demoCard('VISA_NEW_1').number;

  it('RequestActivationCode answers the phone masked and queues the SMS in the cardholder’s language', async () => {
    const res = await requestCode(number, { culture: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(codeRequestResultSchema.parse(res.json())).toEqual({ phoneNumber: '+*********01' });

    const card = await visaRow(t, 'VISA_NEW_1');
    const [sms] = await queuedSms(t, card.id);
    expect(sms).toMatchObject({ channel: 'sms', to: '+31612345601' });
    expect(sms!.text).toMatch(/^\d{6} is your activation code for your Tessera Demo card\./);
    // Stored as a keyed hash only, with its tries and expiry.
    const code = await latestCode(t, 'VISA_NEW_1');
    secrets.add(code);
    const stored = await t.db.selectFrom('card_secrets').selectAll().where('card_id', '=', card.id).where('kind', '=', 'one_time_code').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: 'activation', attempts_left: 5, used_at: null, expires_at: new Date(clock + 10 * MINUTE).toISOString() });
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(card.state).toBe('inactive');
  });

  it('UseActivationCode refuses insecure passcodes without using up the code or counting a guess', async () => {
    const code = await latestCode(t, 'VISA_NEW_1');
    for (const passcode of ['123456', 'abcdef', 'aaaaaa', '654321', 'Ab3d5f7', 'Ab3d5', 'Ab3d5!', 'Ab 3d5']) {
      expect(outcome(await useCode(number, code, passcode)), passcode).toBe('400 SECURITY_CODE_INSECURE');
    }
    const card = await visaRow(t, 'VISA_NEW_1');
    expect(card.failed_attempts).toBe(0);
    expect(card.state).toBe('inactive');
    const stored = await t.db.selectFrom('card_secrets').selectAll().where('card_id', '=', card.id).where('kind', '=', 'one_time_code').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ used_at: null, attempts_left: 5 });
    const verdicts = await t.db.selectFrom('audit_events').select('detail').where('type', '=', 'visa.activation').where('outcome', '=', 'security_code_insecure').execute();
    expect(new Set(verdicts.map((v) => v.detail))).toEqual(new Set(['guessable', 'long', 'short', 'invalidCharacters']));
  });

  it('UseActivationCode with the code and a good passcode sets the passcode: the card is passcode_set', async () => {
    const code = await latestCode(t, 'VISA_NEW_1');
    const res = await useCode(number, code, 'Vr5k2M');
    expect(res.statusCode).toBe(200);
    expect(activationResultSchema.parse(res.json())).toEqual({ status: 'passcode_set' });
    expect((await visaRow(t, 'VISA_NEW_1')).state).toBe('passcode_set');
    // The code works once.
    expect(outcome(await useCode(number, code, 'Zp8w3N'))).toBe('400 INVALID_TOKEN');
  });

  it('GetHolderInformation (no captcha after activation) answers the review data: phone masked, birth data still empty', async () => {
    const res = await login(number, 'Vr5k2M', {}, { 'x-flow-type': 'VISA' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(holderInformationSchema.parse(res.json())).toEqual({
      status: 'passcode_set',
      holderName: 'J. de Vries',
      address: { addressLine1: 'Keizersgracht 101', city: 'Amsterdam', postalCode: '1015 CJ' },
      email: null,
      phoneNumber: '+*********01',
      nationality: null,
      countryOfBirth: null,
      dateOfBirth: null,
      currency: 'EUR',
      balance: 5000,
      transactions: [{ kind: 'load', amount: { value: 5000, assetCode: 'EUR' }, createdAt: expect.any(String) }],
    });
  });

  it('UpdateHolderInformation stores the reviewed fields and makes the card active', async () => {
    const res = await review(number, 'Vr5k2M');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', dateOfBirth: '1990-02-28', countryOfBirth: 'NL', nationality: 'BE', balance: 5000 });
    expect((await visaRow(t, 'VISA_NEW_1')).state).toBe('active');
    // A repeated submit of the same values is fine; other values are refused: the review happens once.
    expect(outcome(await review(number, 'Vr5k2M'))).toBe('OK');
    expect(outcome(await review(number, 'Vr5k2M', { nationality: 'DE' }))).toBe('400 TOKEN_ALREADY_ACTIVATED');
    // The holder data is stored encrypted.
    const card = await visaRow(t, 'VISA_NEW_1');
    const sealed = await t.db.selectFrom('visa_holders').selectAll().where('card_id', '=', card.id).executeTakeFirstOrThrow();
    expect(sealed.holder_ciphertext).not.toContain('1990-02-28');
    expect(sealed.holder_ciphertext).not.toContain('Vries');
  });

  it('the active card logs in with its passcode and refuses a new activation code', async () => {
    const res = await login(number, 'Vr5k2M', { 'g-recaptcha-response': captcha });
    expect(res.json()).toMatchObject({ status: 'active', holderName: 'J. de Vries', nationality: 'BE' });
    expect(outcome(await requestCode(number))).toBe('400 TOKEN_ALREADY_ACTIVATED');
  });
});

describe('RequestActivationCode: order of checks and refusals', () => {
  it('answers THEME_NOT_FOUND, then FLOW_UNAVAILABLE (acme has no VISA), then VALIDATION_ERROR', async () => {
    expect(outcome(await requestCode(demoCard('VISA_NEW_2').number, {}, 'nobody'))).toBe('404 THEME_NOT_FOUND');
    expect(outcome(await requestCode(demoCard('VISA_NEW_2').number, {}, 'acme'))).toBe('403 FLOW_UNAVAILABLE');
    for (const headers of [{}, { 'x-flow-type': 'BALANCE' }] as Record<string, string>[]) {
      const res = await requestCode(demoCard('VISA_NEW_2').number, {}, 'demo', headers);
      expect(outcome(res)).toBe('400 VALIDATION_ERROR');
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
    const bad = await requestCode('4000', { culture: 'fr' });
    expect(bad.json().fields.map((f: { path: string }) => f.path).sort()).toEqual(['cardNumber', 'culture']);
  });

  it('answers CAPTCHA_INVALID for a missing or wrong token, and sends nothing', async () => {
    expect(outcome(await requestCode(demoCard('VISA_NEW_2').number, { 'g-recaptcha-response': undefined }))).toBe('400 CAPTCHA_INVALID');
    expect(outcome(await requestCode(demoCard('VISA_NEW_2').number, { 'g-recaptcha-response': 'nope' }))).toBe('400 CAPTCHA_INVALID');
    expect(await queuedSms(t, (await visaRow(t, 'VISA_NEW_2')).id)).toEqual([]);
  });

  it('answers INVALID_TOKEN for an unknown number, a gift card and another brand’s Visa card', async () => {
    const acme = await issueVisa(t, { brand: 'ACME' });
    secrets.add(acme.number).add(acme.phone);
    for (const number of ['4000 9999 9999 9999 999', demoCard('GIFT_BALANCE').number, acme.number]) {
      expect(outcome(await requestCode(number)), number).toBe('400 INVALID_TOKEN');
    }
  });

  it('allows 3 codes a card an hour (each replaces the one before), then TOO_MANY_REQUESTS until the hour is over', async () => {
    const card = await newCard();
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect(outcome(await requestCode(card.number))).toBe('OK');
      codes.push(await latestCode(t, card.number));
      clock += 5 * MINUTE;
    }
    codes.forEach((c) => secrets.add(c));
    expect(outcome(await requestCode(card.number))).toBe('400 TOO_MANY_REQUESTS');
    expect(await queuedSms(t, card.id)).toHaveLength(3);
    // Only the newest code works: the earlier ones were replaced.
    if (codes[0] !== codes[2]) expect(outcome(await useCode(card.number, codes[0]!, 'Hq4r7T'))).toBe('400 INVALID_TOKEN');
    // 60 minutes after the first request a fourth one is allowed again.
    clock += 45 * MINUTE + 1000;
    expect(outcome(await requestCode(card.number))).toBe('OK');
    const fresh = await latestCode(t, card.number);
    secrets.add(fresh);
    expect(outcome(await useCode(card.number, fresh, 'Hq4r7T'))).toBe('OK');
    secrets.add('Hq4r7T');
  });
});

describe('UseActivationCode: the code’s lifetime and tries', () => {
  it('refuses a code after 10 minutes', async () => {
    const card = await newCard();
    const code = await sentCode(card.number);
    clock += 10 * MINUTE;
    expect(outcome(await useCode(card.number, code, 'Kd7x2B'))).toBe('400 INVALID_TOKEN');
    expect((await visaRow(t, card.number)).state).toBe('inactive');
  });

  it('accepts a code just before its 10 minutes are over', async () => {
    const card = await newCard();
    const code = await sentCode(card.number);
    clock += 10 * MINUTE - 1000;
    expect(outcome(await useCode(card.number, code, 'Kd7x2B'))).toBe('OK');
  });

  it('ends a code after 5 wrong tries, which also start the card’s 30-minute cool-down; a new code does not reset the count', async () => {
    const card = await newCard();
    const code = await sentCode(card.number);
    const wrong = wrongCode(code);
    for (let i = 0; i < 4; i++) expect(outcome(await useCode(card.number, wrong, 'Kd7x2B'))).toBe('400 INVALID_TOKEN');
    const stored = await t.db.selectFrom('card_secrets').selectAll().where('card_id', '=', card.id).where('kind', '=', 'one_time_code').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ attempts_left: 1, used_at: null });
    expect((await visaRow(t, card.number)).failed_attempts).toBe(4);

    // A new code (the 2nd this hour) does not reset the card's count: one more wrong try starts the cool-down.
    const second = await sentCode(card.number);
    expect(outcome(await useCode(card.number, wrongCode(second), 'Kd7x2B'))).toBe('400 INVALID_TOKEN');
    expect((await visaRow(t, card.number)).failed_attempts).toBe(5);
    expect(outcome(await useCode(card.number, second, 'Kd7x2B'))).toBe('400 TOO_MANY_REQUESTS');
    expect(outcome(await requestCode(card.number))).toBe('400 TOO_MANY_REQUESTS');

    // The first code was replaced by the second; the second's tries: 4 left.
    const codes = await t.db.selectFrom('card_secrets').selectAll().where('card_id', '=', card.id).where('kind', '=', 'one_time_code').execute();
    expect(codes.filter((c) => c.used_at === null)).toEqual([expect.objectContaining({ attempts_left: 4 })]);

    // After the cool-down (30 min) the second code has expired (10 min): a third code works.
    clock += GUESSING_COOLDOWN_MS + 1000;
    expect(outcome(await useCode(card.number, second, 'Kd7x2B'))).toBe('400 INVALID_TOKEN');
    const third = await sentCode(card.number);
    expect(outcome(await useCode(card.number, third, 'Kd7x2B'))).toBe('OK');
    expect((await visaRow(t, card.number)).failed_attempts).toBe(0);
  });

  it('a code used up by 5 wrong tries no longer works, even right, even when the card is not cooling down', async () => {
    const card = await newCard();
    const code = await sentCode(card.number);
    for (let i = 0; i < 5; i++) await useCode(card.number, wrongCode(code), 'Kd7x2B');
    const stored = await t.db.selectFrom('card_secrets').selectAll().where('card_id', '=', card.id).where('kind', '=', 'one_time_code').executeTakeFirstOrThrow();
    expect(stored.attempts_left).toBe(0);
    expect(stored.used_at).not.toBeNull();
    clock += GUESSING_COOLDOWN_MS + 1000; // the card may guess again; the code is still dead (and expired)
    expect(outcome(await useCode(card.number, code, 'Kd7x2B'))).toBe('400 INVALID_TOKEN');
  });

  it('a recovery code does not activate, and UseActivationCode refuses an active card', async () => {
    expect(outcome(await call('POST', visaApi.requestRecovery.build({ themeCode: 'demo' }), { cardNumber: demoCard('VISA_ACTIVE').number, 'g-recaptcha-response': captcha }))).toBe('OK');
    const code = await latestCode(t, 'VISA_ACTIVE');
    secrets.add(code);
    expect(outcome(await useCode(demoCard('VISA_ACTIVE').number, code, 'Kd7x2B'))).toBe('400 INVALID_TOKEN');
    expect((await visaRow(t, 'VISA_ACTIVE')).state).toBe('active');
  });

  it('a passcode_set card may start the activation again; the new passcode replaces the first', async () => {
    const card = await newCard();
    const first = await sentCode(card.number);
    expect(outcome(await useCode(card.number, first, 'Fg6h2J'))).toBe('OK');
    const second = await sentCode(card.number);
    secrets.add('Fg6h2J').add('Wb9n3C');
    expect(outcome(await useCode(card.number, second, 'Wb9n3C'))).toBe('OK');
    expect(outcome(await login(card.number, 'Fg6h2J'))).toBe('404 CARD_NOT_FOUND');
    expect(outcome(await login(card.number, 'Wb9n3C'))).toBe('OK');
  });
});

describe('UpdateHolderInformation: validation and refusals', () => {
  it('refuses unknown countries, impossible or future dates and dates before 1920', async () => {
    const card = await issueVisa(t, { state: 'passcode_set', passcode: 'Mx4c8L' });
    secrets.add(card.number).add(card.phone).add('Mx4c8L');
    const cases: [Body, string][] = [
      [{ countryOfBirth: 'XX' }, 'countryOfBirth'],
      [{ nationality: 'nl' }, 'nationality'],
      [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
      [{ dateOfBirth: '2012-80-94' }, 'dateOfBirth'],
      [{ dateOfBirth: '1919-12-31' }, 'dateOfBirth'],
      [{ dateOfBirth: '2030-05-02' }, 'dateOfBirth'], // after "today" (the injected clock)
      [{ dateOfBirth: '01-02-1990' }, 'dateOfBirth'],
    ];
    for (const [extra, field] of cases) {
      const res = await review(card.number, 'Mx4c8L', extra);
      expect(outcome(res), JSON.stringify(extra)).toBe('400 VALIDATION_ERROR');
      expect(new Set(res.json().fields.map((f: { path: string }) => f.path))).toEqual(new Set([field]));
    }
    expect((await visaRow(t, card.number)).state).toBe('passcode_set');
    expect(outcome(await review(card.number, 'Mx4c8L', { dateOfBirth: '1920-01-01' }))).toBe('OK');
  });

  it('answers 404 CARD_NOT_FOUND for a wrong passcode or an inactive card, and counts the guess', async () => {
    const card = await issueVisa(t, { state: 'passcode_set', passcode: 'Mx4c8L' });
    secrets.add(card.number).add(card.phone);
    expect(outcome(await review(card.number, 'Mx4c8K'))).toBe('404 CARD_NOT_FOUND');
    expect((await visaRow(t, card.number)).failed_attempts).toBe(1);
    expect(outcome(await review(demoCard('VISA_NEW_2').number, 'Mx4c8L'))).toBe('404 CARD_NOT_FOUND');
    expect((await visaRow(t, card.number)).state).toBe('passcode_set');
    // The header is required, VISA.
    const res = await call('PUT', visaApi.updateHolderInformation.build({ themeCode: 'demo' }), { cardNumber: card.number, securityCode: 'Mx4c8L' }, {});
    expect(outcome(res)).toBe('400 VALIDATION_ERROR');
  });
});

describe('GetHolderInformation: the login', () => {
  it('logs VISA_ACTIVE in with Tq8m3x and its captcha token', async () => {
    const res = await login(demoCard('VISA_ACTIVE').number, 'Tq8m3x', { 'g-recaptcha-response': captcha });
    expect(holderInformationSchema.parse(res.json())).toEqual({
      status: 'active',
      holderName: 'M. Bakker',
      address: { addressLine1: 'Coolsingel 40', city: 'Rotterdam', postalCode: '3011 AD' },
      email: 'm.bakker@example.nl',
      phoneNumber: '+*********10',
      nationality: 'NL',
      countryOfBirth: 'NL',
      dateOfBirth: '1985-04-12',
      currency: 'EUR',
      balance: 2500,
      transactions: [{ kind: 'load', amount: { value: 2500, assetCode: 'EUR' }, createdAt: expect.any(String) }],
    });
  });

  it('verifies a captcha token when one is sent', async () => {
    expect(outcome(await login(demoCard('VISA_ACTIVE').number, 'Tq8m3x', { 'g-recaptcha-response': 'forged' }))).toBe('400 CAPTCHA_INVALID');
  });

  it('answers 404 alike for a wrong passcode, an unknown number, an inactive card and a gift card, and FLOW_UNAVAILABLE on acme', async () => {
    const answers = [
      await login(demoCard('VISA_ACTIVE').number, 'Tq8m3y'),
      await login('4000 9999 9999 9999 998', 'Tq8m3x'),
      await login(demoCard('VISA_NEW_2').number, 'Tq8m3x'),
      await login(demoCard('GIFT_BALANCE').number, demoCard('GIFT_BALANCE').securityCode!),
    ];
    for (const res of answers) expect(outcome(res)).toBe('404 CARD_NOT_FOUND');
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(outcome(await call('POST', visaApi.getHolderInformation.build({ themeCode: 'acme' }), { cardNumber: demoCard('VISA_ACTIVE').number, securityCode: 'Tq8m3x' }, {}))).toBe(
      '403 FLOW_UNAVAILABLE',
    );
    expect(outcome(await login(demoCard('VISA_ACTIVE').number, 'Tq8m3x', {}, { 'x-flow-type': 'BALANCE' }))).toBe('400 VALIDATION_ERROR');
  });

  it('refuses even the right passcode after 5 wrong ones (TOO_MANY_REQUESTS) for 30 minutes', async () => {
    const card = await issueVisa(t, { state: 'active', passcode: 'Pw3k9D' });
    secrets.add(card.number).add(card.phone).add('Pw3k9D');
    for (let i = 0; i < 5; i++) expect(outcome(await login(card.number, 'Pw3k9E'))).toBe('404 CARD_NOT_FOUND');
    expect(outcome(await login(card.number, 'Pw3k9D'))).toBe('400 TOO_MANY_REQUESTS');
    clock += GUESSING_COOLDOWN_MS + 1000;
    expect(outcome(await login(card.number, 'Pw3k9D'))).toBe('OK');
  });
});

describe('nothing secret in logs or audit events', () => {
  it('writes no card number, passcode, one-time code, PIN or phone number to the log or the audit trail', async () => {
    expect(log.text()).toContain('request completed');
    await expectNoSecretsInLogOrAudit(t, log, secrets, withoutIdsAndTimes);
    expect(secrets.size).toBeGreaterThan(20);
  });
});
