import { captchaKeySchema } from '@tessera/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { lookupBody } from './helpers/demo.js';
import { createTestApp, useTestApp } from './helpers/test-app.js';

// A small difficulty keeps the solver in the test fast; the mechanism is the same.
const t = useTestApp({ env: { CAPTCHA_PROVIDER: 'altcha', ALTCHA_MAX_NUMBER: '2000' } });

async function solvedToken(): Promise<string> {
  const key = captchaKeySchema.parse((await t.app.inject({ url: '/api/Utility/Recaptcha' })).json());
  const res = await t.app.inject({ url: key.key });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const lookup = (token: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/GiftCard/',
    headers: { 'x-flow-type': 'BALANCE' },
    payload: lookupBody('GIFT_BALANCE', { 'g-recaptcha-response': token }),
  });

describe('built-in captcha (ALTCHA)', () => {
  it('answers the provider and a challenge URL on this server', async () => {
    const res = await t.app.inject({ url: '/api/Utility/Recaptcha' });
    expect(res.json()).toEqual({ provider: 'altcha', key: '/api/Utility/Altcha/challenge' });
  });

  it('answers a fresh signed challenge with an expiry each time', async () => {
    const a = (await t.app.inject({ url: '/api/Utility/Altcha/challenge' })).json();
    const b = (await t.app.inject({ url: '/api/Utility/Altcha/challenge' })).json();
    expect(a.signature).toEqual(expect.any(String));
    expect(a.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
  });

  it('accepts a solved challenge once and refuses it when reused', async () => {
    const token = await solvedToken();
    expect((await lookup(token)).statusCode).toBe(200);
    const reused = await lookup(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('CAPTCHA_INVALID');
  });

  it('refuses a missing, garbled, forged or test token', async () => {
    const token = await solvedToken();
    const payload = JSON.parse(Buffer.from(token, 'base64').toString());
    // Flip the proof: the derived key no longer matches the signed one.
    payload.solution.derivedKey = payload.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
    for (const bad of [undefined, 'not-base64-json', forged, 'test-pass']) {
      const res = await lookup(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CAPTCHA_INVALID');
    }
  });
});

describe('test captcha', () => {
  it('answers provider test, accepts test-pass repeatedly', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ url: '/api/Utility/Recaptcha' })).json()).toEqual({ provider: 'test', key: 'test-pass' });
      // The challenge route belongs to the built-in captcha only.
      expect((await other.app.inject({ url: '/api/Utility/Altcha/challenge' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
