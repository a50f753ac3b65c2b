import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lookupBody } from './helpers/demo.js';
import { withTwoProcessesOnRedis } from './helpers/redis.js';
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
    await withTwoProcessesOnRedis({ RATE_LIMIT_PER_MINUTE: '2' }, async (a, b, address) => {
      const lookupOn = (app: TestApp) =>
        app.app.inject({ method: 'POST', url: '/api/GiftCard/', remoteAddress: address, headers: { 'x-flow-type': 'BALANCE' }, payload: lookupBody('GIFT_BALANCE') });
      expect((await lookupOn(a)).statusCode).toBe(200);
      expect((await lookupOn(b)).statusCode).toBe(200);
      const limited = await lookupOn(a);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });
});

describe('per-address rate limit while Redis is unreachable', () => {
  const METRICS_TOKEN = 'metrics-token-for-the-test';
  const metrics = (app: TestApp, authorization?: string) =>
    app.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('counts in this process, still answers 429, warns once and counts every fallback in the metric', async () => {
    let logged = '';
    const logTo = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    // Nothing listens on port 1: every connection attempt is refused.
    const app = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:1', METRICS_TOKEN }, logTo });
    try {
      const lookupOn = (remoteAddress: string) =>
        app.app.inject({ method: 'POST', url: '/api/GiftCard/', remoteAddress, headers: { 'x-flow-type': 'BALANCE' }, payload: lookupBody('GIFT_BALANCE') });
      for (let i = 0; i < 3; i++) expect((await lookupOn('198.51.100.30')).statusCode).toBe(200);
      const limited = await lookupOn('198.51.100.30');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await lookupOn('198.51.100.31')).statusCode).toBe(200);

      const res = await metrics(app, `Bearer ${METRICS_TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/^tessera_rate_limit_redis_fallback_total 5$/m);

      const warnings = logged.split('\n').filter((line) => line.includes('Redis unreachable'));
      // One warning for the whole outage so far (at most one a minute), not one per request.
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, component: 'rate-limit' });
    } finally {
      await app.close();
    }
  });

  it('answers /metrics only with METRICS_TOKEN, and 404 without it configured', async () => {
    const withToken = await createTestApp({ env: { METRICS_TOKEN }, seed: false });
    const without = await createTestApp({ seed: false });
    try {
      expect((await metrics(withToken)).statusCode).toBe(404);
      expect((await metrics(withToken, 'Bearer another-token-of-some-length')).statusCode).toBe(404);
      const ok = await metrics(withToken, `Bearer ${METRICS_TOKEN}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE tessera_rate_limit_redis_fallback_total counter');
      expect((await metrics(without, `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(404);
    } finally {
      await withToken.close();
      await without.close();
    }
  });
});
