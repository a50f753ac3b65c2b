import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app.js';

// The back office's sign-in (GET /admin/auth/login) and callback (GET /admin/auth/callback) are
// limited per address like the portal's captcha-protected calls. The provider named here does not
// answer (a closed port): a login is refused at once as `failed`, which still counts.
const STAFF_ENV = {
  RATE_LIMIT_PER_MINUTE: '3',
  STAFF_OIDC_ISSUER: 'http://127.0.0.1:9/',
  STAFF_OIDC_CLIENT_ID: 'tessera-back-office',
  STAFF_OIDC_CLIENT_SECRET: 'a-client-secret-of-the-test-only',
};

const t = useTestApp({ env: STAFF_ENV });

const login = (app: TestApp, remoteAddress: string) => app.app.inject({ url: '/admin/auth/login?returnTo=/admin/', remoteAddress });
const callback = (app: TestApp, remoteAddress: string) => app.app.inject({ url: '/admin/auth/callback?code=x&state=not-a-state', remoteAddress });

describe('the back office sign-in rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After past the limit, at the login and at the callback, per address', async () => {
    for (const [name, call] of [
      ['login', login],
      ['callback', callback],
    ] as const) {
      for (let i = 0; i < 3; i++) expect((await call(t, '198.51.100.30')).statusCode, name).toBe(400); // refused, but counted
      const limited = await call(t, '198.51.100.30');
      expect(limited.statusCode, name).toBe(429);
      expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own count.
      expect((await call(t, '198.51.100.31')).statusCode, name).toBe(400);
    }
  });

  it('makes no sign-in row and no audit event for a limited call', async () => {
    const before = await t.db.selectFrom('audit_events').select('id').where('type', '=', 'staff.sign_in').execute();
    for (let i = 0; i < 4; i++) await callback(t, '198.51.100.32');
    const after = await t.db.selectFrom('audit_events').select('id').where('type', '=', 'staff.sign_in').execute();
    expect(after.length - before.length).toBe(3);
  });
});

describe('the back office sign-in rate limit shared through Redis', () => {
  it('counts across two replicas when REDIS_URL is set', async () => {
    const env = { ...STAFF_ENV, RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env });
    try {
      // A fresh /64 per run: Redis outlives the test.
      const address = `2001:db8:${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}::1`;
      expect((await callback(a, address)).statusCode).toBe(400);
      expect((await callback(b, address)).statusCode).toBe(400);
      const limited = await callback(a, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
