import { describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/listening-app.js';
import { withTwoProcessesOnRedis } from './helpers/redis.js';
import { type TestApp, useTestApp } from './helpers/test-app.js';

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

const login = (app: TestApp, remoteAddress: string, language = 'en') =>
  app.app.inject({ url: '/admin/auth/login?returnTo=/admin/', remoteAddress, headers: { 'accept-language': language } });
const callback = (app: TestApp, remoteAddress: string, language = 'en') =>
  app.app.inject({ url: '/admin/auth/callback?code=x&state=not-a-state', remoteAddress, headers: { 'accept-language': language } });

describe('the back office sign-in rate limit', () => {
  it('answers 429 with Retry-After past the limit, at the login and at the callback, per address, as a page saying to wait', async () => {
    for (const [name, call] of [
      ['login', login],
      ['callback', callback],
    ] as const) {
      for (let i = 0; i < 3; i++) expect((await call(t, '198.51.100.30')).statusCode, name).toBe(400); // refused, but counted
      const limited = await call(t, '198.51.100.30');
      expect(limited.statusCode, name).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      // The browser navigated here: a page, not the API's JSON, as a refused sign-in ends on one.
      expect(limited.headers['content-type'], name).toBe('text/html; charset=utf-8');
      expect(limited.headers['cache-control']).toBe('no-store');
      expect(limited.headers['content-security-policy']).toContain("default-src 'none'");
      expect(limited.body).toContain('<html lang="en">');
      expect(limited.body).toContain('<h1>Too many sign-in attempts</h1>');
      expect(limited.body).toContain(`Wait ${retryAfter} second`);
      expect(limited.body).toContain('data-refusal="rate_limited"');
      expect(limited.body).toContain('<a href="/admin/auth/login">Sign in again</a>');
      expect(limited.body).not.toContain('RATE_LIMITED');
      expect(await axeViolations(limited.body, 'http://localhost:8080/admin/auth/login')).toEqual([]);
      // In Dutch for a Dutch browser.
      const dutch = await call(t, '198.51.100.30', 'nl-NL,nl;q=0.9,en;q=0.8');
      expect(dutch.statusCode).toBe(429);
      expect(dutch.headers['retry-after']).toBeDefined();
      expect(dutch.body).toContain('<html lang="nl">');
      expect(dutch.body).toContain('<h1>Te veel aanmeldpogingen</h1>');
      expect(dutch.body).toMatch(/Wacht \d+ seconden? en meld u dan opnieuw aan\./);
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
    await withTwoProcessesOnRedis({ ...STAFF_ENV, RATE_LIMIT_PER_MINUTE: '2' }, async (a, b, address) => {
      expect((await callback(a, address)).statusCode).toBe(400);
      expect((await callback(b, address)).statusCode).toBe(400);
      const limited = await callback(a, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });
});
