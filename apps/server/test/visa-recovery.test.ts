import { codeRequestResultSchema, holderInformationSchema, visaApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { GUESSING_COOLDOWN_MS } from '../src/domain/guessing-policy.js';
import { demoCard } from './helpers/demo.js';
import { expectNoSecretsInLogOrAudit, useFlowTestApp, withoutIdsAndTimes } from './helpers/flows.js';
import { captcha, issueVisa, latestCode, queuedSms, visaRow } from './helpers/visa.js';

// VISA recovery: requestrecovery and userecovery (docs/product/visa.md).

let clock = new Date('2030-06-01T09:00:00Z').getTime();
const { t, log } = useFlowTestApp({ now: () => new Date(clock) });
const secrets = new Set<string>(['Tq8m3x', '31612345610']);

type Body = Record<string, unknown>;
async function call(url: string, body: Body, headers: Record<string, string> = {}) {
  for (const v of [body.cardNumber, body.otcNumber, body.securityCode]) if (typeof v === 'string' && v.length >= 6) secrets.add(v.replaceAll(' ', ''));
  const res = await t.app.inject({ method: 'POST', url, headers, payload: body });
  if (res.statusCode !== 200) for (const s of secrets) expect(res.body).not.toContain(s);
  return res;
}
const outcome = (res: { statusCode: number; json: () => { code?: string } }) => (res.statusCode === 200 ? 'OK' : `${res.statusCode} ${res.json().code}`);
const requestRecovery = (cardNumber: string, extra: Body = {}, headers?: Record<string, string>) =>
  call(visaApi.requestRecovery.build({ themeCode: 'demo' }), { cardNumber, 'g-recaptcha-response': captcha, culture: 'nl', ...extra }, headers);
const useRecovery = (cardNumber: string, otcNumber: string, securityCode: string, headers?: Record<string, string>) =>
  call(visaApi.useRecovery.build({ themeCode: 'demo' }), { cardNumber, otcNumber, securityCode }, headers);
const login = (cardNumber: string, securityCode: string) =>
  call(visaApi.getHolderInformation.build({ themeCode: 'demo' }), { cardNumber, securityCode, 'g-recaptcha-response': captcha });

describe('recovery of VISA_ACTIVE’s passcode', () => {
  const number = demoCard('VISA_ACTIVE').number;

  it('requestrecovery sends a recovery code in Dutch and answers the phone masked', async () => {
    const res = await requestRecovery(number, {}, { 'x-flow-type': 'VISA' });
    expect(res.statusCode).toBe(200);
    expect(codeRequestResultSchema.parse(res.json())).toEqual({ phoneNumber: '+*********10' });
    const card = await visaRow(t, 'VISA_ACTIVE');
    const [sms] = await queuedSms(t, card.id);
    expect(sms).toMatchObject({ channel: 'sms', to: '+31612345610' });
    expect(sms!.text).toMatch(/^\d{6} is je herstelcode voor je kaart van Tessera Demo\./);
  });

  it('userecovery refuses insecure passcodes without using the code up', async () => {
    const code = await latestCode(t, 'VISA_ACTIVE');
    secrets.add(code);
    for (const passcode of ['123456', 'abcdef', 'aaaaaa', 'Rt5y7u9', 'Rt5y!u']) {
      expect(outcome(await useRecovery(number, code, passcode)), passcode).toBe('400 SECURITY_CODE_INSECURE');
    }
    expect((await visaRow(t, 'VISA_ACTIVE')).failed_attempts).toBe(0);
  });

  it('userecovery sets the new passcode and answers the holder information; the code works once, the old passcode no more', async () => {
    const code = await latestCode(t, 'VISA_ACTIVE');
    const res = await useRecovery(number, code, 'Nq7v3R');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(holderInformationSchema.parse(res.json())).toMatchObject({ status: 'active', holderName: 'M. Bakker', phoneNumber: '+*********10', balance: 2500 });
    expect(outcome(await useRecovery(number, code, 'Gh3j8K'))).toBe('400 INVALID_TOKEN');
    expect(outcome(await login(number, 'Tq8m3x'))).toBe('404 CARD_NOT_FOUND');
    expect(outcome(await login(number, 'Nq7v3R'))).toBe('OK');
  });
});

describe('requestrecovery refusals', () => {
  it('answers TOKEN_IS_NOT_ACTIVE for an inactive or passcode_set card, INVALID_TOKEN for an unknown one', async () => {
    const pending = await issueVisa(t, { state: 'passcode_set', passcode: 'Lk4m8N' });
    secrets.add(pending.number).add(pending.phone);
    expect(outcome(await requestRecovery(demoCard('VISA_NEW_2').number))).toBe('400 TOKEN_IS_NOT_ACTIVE');
    expect(outcome(await requestRecovery(pending.number))).toBe('400 TOKEN_IS_NOT_ACTIVE');
    expect(outcome(await requestRecovery('4000 9999 9999 9999 997'))).toBe('400 INVALID_TOKEN');
    expect(outcome(await requestRecovery(demoCard('GIFT_BALANCE').number))).toBe('400 INVALID_TOKEN');
  });

  it('requires the captcha and a VISA header when one is sent', async () => {
    const card = await issueVisa(t, { state: 'active', passcode: 'Lk4m8N' });
    secrets.add(card.number).add(card.phone);
    expect(outcome(await requestRecovery(card.number, { 'g-recaptcha-response': undefined }))).toBe('400 CAPTCHA_INVALID');
    expect(outcome(await requestRecovery(card.number, {}, { 'x-flow-type': 'SECURITY_RESET' }))).toBe('400 VALIDATION_ERROR');
    expect(await queuedSms(t, card.id)).toEqual([]);
  });

  it('shares the 3-an-hour limit with activation codes', async () => {
    const card = await issueVisa(t, { state: 'active', passcode: 'Lk4m8N' });
    secrets.add(card.number).add(card.phone);
    for (let i = 0; i < 3; i++) expect(outcome(await requestRecovery(card.number))).toBe('OK');
    expect(outcome(await requestRecovery(card.number))).toBe('400 TOO_MANY_REQUESTS');
  });
});

describe('userecovery: guessing', () => {
  it('counts wrong codes with wrong passcodes and cools the card down after 5', async () => {
    const card = await issueVisa(t, { state: 'active', passcode: 'Lk4m8N' });
    secrets.add(card.number).add(card.phone).add('Lk4m8N');
    await requestRecovery(card.number);
    const code = await latestCode(t, card.number);
    secrets.add(code);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 2; i++) expect(outcome(await login(card.number, 'Lk4m8M'))).toBe('404 CARD_NOT_FOUND');
    for (let i = 0; i < 3; i++) expect(outcome(await useRecovery(card.number, wrong, 'Bv6c2X'))).toBe('400 INVALID_TOKEN');
    expect(outcome(await useRecovery(card.number, code, 'Bv6c2X'))).toBe('400 TOO_MANY_REQUESTS');
    clock += GUESSING_COOLDOWN_MS + 1000;
    // The code (10 minutes) has expired meanwhile: a new one works.
    expect(outcome(await useRecovery(card.number, code, 'Bv6c2X'))).toBe('400 INVALID_TOKEN');
    await requestRecovery(card.number);
    const fresh = await latestCode(t, card.number);
    secrets.add(fresh);
    expect(outcome(await useRecovery(card.number, fresh, 'Bv6c2X'))).toBe('OK');
  });
});

describe('the 24-hour cool-down of a Visa card', () => {
  it('texts the holder when wrong passcodes bring the card into a 24-hour cool-down, and only then', async () => {
    const card = await issueVisa(t, { state: 'active', passcode: 'Lk4m8N' });
    secrets.add(card.number).add(card.phone).add('Lk4m8N');
    const row = await visaRow(t, card.number);
    const wrongRound = async () => {
      for (let i = 0; i < 5; i++) expect(outcome(await login(card.number, 'Lk4m8M'))).toBe('404 CARD_NOT_FOUND');
      expect(outcome(await login(card.number, 'Lk4m8N'))).toBe('400 TOO_MANY_REQUESTS');
    };
    await wrongRound(); // 30 minutes
    clock += 30 * 60_000 + 1000;
    await wrongRound(); // 2 hours
    expect(await queuedSms(t, row.id)).toEqual([]);
    clock += 2 * 60 * 60_000 + 1000;
    await wrongRound(); // 24 hours
    const sms = await queuedSms(t, row.id);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', to: card.phone });
    expect(sms[0]!.text).toContain(`eindigend op ${row.number_last3}`);
    expect(sms[0]!.text).toContain('24 uur');
    expect(sms[0]!.text).not.toContain(card.number);
    const lockouts = await t.db.selectFrom('audit_events').select(['outcome', 'flow_type']).where('type', '=', 'card.lockout').where('card_id', '=', row.id).orderBy('occurred_at').execute();
    expect(lockouts.map((e) => e.outcome)).toEqual(['cooldown_30m', 'cooldown_2h', 'cooldown_24h']);
    // Two hours into the day the right passcode is still refused; after it, it works and resets the count.
    clock += 2 * 60 * 60_000;
    expect(outcome(await login(card.number, 'Lk4m8N'))).toBe('400 TOO_MANY_REQUESTS');
    clock += 22 * 60 * 60_000 + 1000;
    expect(outcome(await login(card.number, 'Lk4m8N'))).toBe('OK');
    expect((await visaRow(t, card.number)).failed_attempts).toBe(0);
  });
});

describe('nothing secret in logs or audit events', () => {
  it('writes no card number, passcode, code or phone number to the log or the audit trail', async () => {
    await expectNoSecretsInLogOrAudit(t, log, secrets, withoutIdsAndTimes);
    expect(secrets.size).toBeGreaterThan(10);
  });
});
