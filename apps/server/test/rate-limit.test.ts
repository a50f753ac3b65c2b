import { describe, expect, it } from 'vitest';
import { lookupBody } from './helpers/demo.js';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app.js';

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3', ERROR_REPORTS_PER_MINUTE: '2' } });

const lookup = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/GiftCard/',
    remoteAddress,
    headers: { 'x-flow-type': 'BALANCE' },
    payload: lookupBody('GIFT_BALANCE'),
  });

describe('per-address rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After once an address exceeds the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await lookup('198.51.100.7')).statusCode).toBe(200);
    const limited = await lookup('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await lookup('198.51.100.8')).statusCode).toBe(200);
  });

  it('limits RESET, the REPLACE lookup and REPLACE per address like the other captcha-protected routes', async () => {
    for (const [url, flowType] of [
      ['/api/recovery/demo/', 'SECURITY_RESET'],
      ['/api/ReplaceCard/', 'REPLACE'],
      ['/api/replacecard/demo/replace', 'REPLACE'],
    ] as const) {
      const call = () => t.app.inject({ method: 'POST', url, remoteAddress: '198.51.100.20', headers: { 'x-flow-type': flowType }, payload: {} });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode, url).toBe(400); // refused, but counted
      const limited = await call();
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('counts an IPv6 client by its /64, so fresh addresses from one network share one count', async () => {
    const prefix = '2001:db8:77:1';
    const statuses = [];
    for (const host of ['::1', '::2', ':abcd:0:0:3', ':ffff:ffff:ffff:ffff']) statuses.push((await lookup(`${prefix}${host}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The next /64 has its own count.
    expect((await lookup('2001:db8:77:2::1')).statusCode).toBe(200);
  });

  it('limits error reports on their own', async () => {
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Utility/Error',
        remoteAddress: '198.51.100.9',
        payload: { id: crypto.randomUUID(), code: 'REACT_COMPONENT_ERROR', message: 'boom' },
      });
    expect((await report()).statusCode).toBe(200);
    expect((await report()).statusCode).toBe(200);
    expect((await report()).statusCode).toBe(429);
  });

  it('does not limit pages that carry no captcha', async () => {
    for (let i = 0; i < 10; i++) expect((await t.app.inject({ url: '/api/theme/demo', remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  });
});

describe('per-address rate limit shared through Redis', () => {
  it('counts across two app instances when REDIS_URL is set', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env });
    try {
      // A fresh /64 per run: Redis outlives the test.
      const address = `2001:db8:${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}::1`;
      const lookupOn = (app: TestApp) =>
        app.app.inject({ method: 'POST', url: '/api/GiftCard/', remoteAddress: address, headers: { 'x-flow-type': 'BALANCE' }, payload: lookupBody('GIFT_BALANCE') });
      expect((await lookupOn(a)).statusCode).toBe(200);
      expect((await lookupOn(b)).statusCode).toBe(200);
      const limited = await lookupOn(a);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
