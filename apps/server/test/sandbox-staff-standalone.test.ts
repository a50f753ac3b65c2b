import { describe, expect, it } from 'vitest';
import { standaloneStaffApp } from '../src/sandbox-staff/standalone-app.js';

describe('the standalone sandbox staff provider', () => {
  it('serves its discovery at its own issuer with the back office as its client, and /readyz', async () => {
    const app = await standaloneStaffApp({
      SANDBOX_ISSUER_URL: 'https://staff-idp.example.com/sandbox/staff',
      SANDBOX_ADMIN_URL: 'https://admin.example.com',
      SANDBOX_CLIENT_ID: 'tessera-back-office',
      SANDBOX_CLIENT_SECRET: 'a-secret-of-enough-length',
      PORT: 0,
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
      const discovery = await app.inject({ method: 'GET', url: '/sandbox/staff/.well-known/openid-configuration', headers: { host: 'staff-idp.example.com', 'x-forwarded-proto': 'https' } });
      expect(discovery.statusCode).toBe(200);
      expect(discovery.json()).toMatchObject({ issuer: 'https://staff-idp.example.com/sandbox/staff', authorization_endpoint: 'https://staff-idp.example.com/sandbox/staff/auth' });
      // The back office's callback is its one redirect URI.
      const wrong = await app.inject({
        method: 'GET',
        url: '/sandbox/staff/auth?client_id=tessera-back-office&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fevil.example%2Fcb&code_challenge=abcdefghijabcdefghijabcdefghijabcdefghijabc&code_challenge_method=S256',
        headers: { host: 'staff-idp.example.com', 'x-forwarded-proto': 'https' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('redirect_uri');
    } finally {
      await app.close();
    }
  });
});
