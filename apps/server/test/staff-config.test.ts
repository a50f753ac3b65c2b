import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/index.js';
import { problemsOf, productionEnv } from './helpers/config.js';
import { createLogger } from '../src/logger.js';
import { logSink } from './helpers/flows.js';
import { createTestApp } from './helpers/test-app.js';

// The back office's settings (config/staff.ts): demo defaults and what production refuses.

const staffOidc = { STAFF_OIDC_ISSUER: 'https://login.example.com', STAFF_OIDC_CLIENT_ID: 'tessera', STAFF_OIDC_CLIENT_SECRET: 'a-secret-of-enough-length' };
const adminUrl = { ADMIN_URL: 'https://admin.example.com' };

describe('the staff settings', () => {
  it('in demo mode default to the sandbox staff provider and /admin/ on the portal origin, a second factor required', () => {
    const { staff } = parseConfig({ PUBLIC_URL: 'http://localhost:8080' });
    expect(staff).toMatchObject({
      enabled: true,
      sandbox: true,
      origin: 'http://localhost:8080',
      issuerUrl: 'http://localhost:8080/sandbox/staff',
      redirectUri: 'http://localhost:8080/admin/auth/callback',
      mfaAmr: ['mfa', 'otp', 'hwk', 'swk'],
      mfaRequired: true,
      secureCookies: false,
    });
  });

  it('in production without ADMIN_URL serve no back office', () => {
    expect(parseConfig(productionEnv()).staff.enabled).toBe(false);
  });

  it('in production with ADMIN_URL and a provider serve it on that origin with secure cookies', () => {
    const { staff } = parseConfig(productionEnv({ ...adminUrl, ...staffOidc, STAFF_MFA_AMR: 'mfa, hwk' }));
    expect(staff).toMatchObject({ enabled: true, sandbox: false, origin: 'https://admin.example.com', host: 'admin.example.com', issuerUrl: 'https://login.example.com', redirectUri: 'https://admin.example.com/admin/auth/callback', mfaAmr: ['mfa', 'hwk'], secureCookies: true, allowInsecureRequests: false });
  });

  it('refuses in production ADMIN_URL without STAFF_OIDC_*', () => {
    expect(problemsOf(productionEnv(adminUrl))).toEqual([expect.stringMatching(/^STAFF_OIDC_ISSUER: required in production with ADMIN_URL/)]);
  });

  it('refuses a part of STAFF_OIDC_* without the rest', () => {
    expect(problemsOf(productionEnv({ ...adminUrl, STAFF_OIDC_ISSUER: 'https://login.example.com' })).map((p) => p.split(':')[0]).sort()).toEqual(['STAFF_OIDC_CLIENT_ID', 'STAFF_OIDC_CLIENT_SECRET']);
  });

  it('refuses in production the sandbox staff issuer', () => {
    for (const issuer of ['https://cards.example.com/sandbox/staff', 'https://admin.example.com/sandbox/staff']) {
      expect(problemsOf(productionEnv({ ...adminUrl, ...staffOidc, STAFF_OIDC_ISSUER: issuer })), issuer).toEqual([expect.stringMatching(/^STAFF_OIDC_ISSUER: the sandbox staff provider is refused in production/)]);
    }
  });

  it('refuses in production an http ADMIN_URL or issuer', () => {
    expect(problemsOf(productionEnv({ ...staffOidc, ADMIN_URL: 'http://admin.example.com' }))).toEqual([expect.stringMatching(/^ADMIN_URL: must be https in production/)]);
    expect(problemsOf(productionEnv({ ...adminUrl, ...staffOidc, STAFF_OIDC_ISSUER: 'http://login.example.com' }))).toEqual([expect.stringMatching(/^STAFF_OIDC_ISSUER: must be https/)]);
  });

  it('refuses ADMIN_URL on the host of PUBLIC_URL or PIN_FRAME_URL', () => {
    for (const url of ['https://cards.example.com', 'https://pin.cards.example.com']) {
      expect(problemsOf(productionEnv({ ...staffOidc, ADMIN_URL: url })), url).toEqual([expect.stringMatching(/^ADMIN_URL: must be another host than PUBLIC_URL and PIN_FRAME_URL/)]);
    }
  });

  it('reads STAFF_MFA_REQUIRED=false and refuses a malformed STAFF_MFA_AMR', () => {
    expect(parseConfig({ STAFF_MFA_REQUIRED: 'false' }).staff.mfaRequired).toBe(false);
    expect(problemsOf({ STAFF_MFA_AMR: ' , ' })).toEqual([expect.stringMatching(/^STAFF_MFA_AMR:/)]);
  });
});

describe('the back office in production shape', () => {
  it('answers only on ADMIN_URL\'s host: /admin/ on the portal\'s host is 404, and without a session 401 on its own', async () => {
    const t = await createTestApp({ env: { ...productionEnv({ ...adminUrl, ...staffOidc }), CAPTCHA_PROVIDER: 'altcha', LOG_LEVEL: 'silent' } });
    try {
      const portal = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: { host: 'cards.example.com' } });
      expect([portal.statusCode, portal.json().code]).toEqual([404, 'NOT_FOUND']);
      const login = await t.app.inject({ method: 'GET', url: '/admin/auth/login', headers: { host: 'cards.example.com', accept: 'text/html' } });
      expect(login.statusCode).toBe(404);
      const own = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: { host: 'admin.example.com' } });
      expect([own.statusCode, own.json().code]).toEqual([401, 'UNAUTHORIZED']);
      // No sandbox staff provider in production.
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/staff/.well-known/openid-configuration', headers: { host: 'cards.example.com' } })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('without ADMIN_URL has no back office at all', async () => {
    const t = await createTestApp({ env: { ...productionEnv(), LOG_LEVEL: 'silent' } });
    try {
      expect(t.adminRoutes).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: { host: 'cards.example.com' } })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('STAFF_MFA_REQUIRED=false', () => {
  it('is logged as a warning when the server starts', async () => {
    const log = logSink();
    const t = await createTestApp({ env: { STAFF_MFA_REQUIRED: 'false' }, logger: createLogger({ logLevel: 'info' }, log.stream) });
    try {
      const warnings = log.text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warnings).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringMatching(/^STAFF_MFA_REQUIRED is false/) }));
    } finally {
      await t.close();
    }
  });
});
