import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { logSink } from './helpers/flows.js';
import { sandboxPage } from './helpers/sandbox-browser.js';
import { startStaffIssuer, type StaffIssuerClaims } from './helpers/staff-issuer.js';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app.js';

// Sign-ins through a provider of the test's own (helpers/staff-issuer.ts): ID tokens the sandbox
// never issues, without an e-mail address or with one marked unverified, and a server that does
// not require a second factor (STAFF_MFA_REQUIRED=false). The back office's side is the real one,
// through app.inject: login, the code exchange and its checks, the refusal page, the audit trail.

let issuer: Awaited<ReturnType<typeof startStaffIssuer>>;
beforeAll(async () => {
  issuer = await startStaffIssuer();
});
afterAll(async () => {
  await issuer?.close();
});

const t = useTestApp(() => ({ env: { ...issuer.env, RATE_LIMIT_PER_MINUTE: '100000' } }));

const cookieNamed = (response: LightMyRequestResponse, name: string) => {
  const headers = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return headers.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))?.split(';')[0];
};

/** Login, the provider's answer with these claims, and the callback in this browser: its answer. */
async function signIn(app: TestApp, claims: StaffIssuerClaims, acceptLanguage = 'en-GB,en;q=0.8') {
  const login = await app.app.inject({ url: '/admin/auth/login?returnTo=/admin/cards' });
  expect(login.statusCode).toBe(303);
  const loginCookie = cookieNamed(login, 'tessera_staff_login');
  expect(loginCookie).toBeDefined();
  const callback = issuer.authorize(login.headers.location as string, claims);
  return app.app.inject({ url: callback, headers: { cookie: loginCookie!, 'accept-language': acceptLanguage } });
}

const sessionCount = async (app: TestApp) => (await app.db.selectFrom('staff_sessions').selectAll().execute()).length;
const lastSignIn = async (app: TestApp) =>
  (await app.db.selectFrom('audit_events').select(['outcome', 'actor', 'detail', 'occurred_at']).where('type', '=', 'staff.sign_in').orderBy('occurred_at', 'desc').limit(1).executeTakeFirst());

const REFUSALS = [
  {
    refusal: 'no_email',
    claims: { email_verified: true, amr: ['pwd', 'otp'] },
    en: 'Your identity provider did not send an e-mail address',
    nl: 'Uw identiteitsprovider stuurde geen e-mailadres',
    audited: { outcome: 'refused', actor: null, detail: 'no_email' },
  },
  {
    refusal: 'email_unverified',
    claims: { email: 'Support@Demo.test', email_verified: false, amr: ['pwd', 'otp'] },
    en: 'Your identity provider says your e-mail address is not verified.',
    nl: 'Volgens uw identiteitsprovider is uw e-mailadres niet bevestigd.',
    audited: { outcome: 'refused', actor: 'support@demo.test', detail: 'email_unverified' },
  },
] as const;

describe('a sign-in refused for its e-mail address', () => {
  for (const { refusal, claims, en, nl, audited } of REFUSALS) {
    it(`(${refusal}) ends on a page that says why in English and Dutch, makes no session and is audited`, async () => {
      for (const [language, text] of [
        ['en-GB,en;q=0.8', en],
        ['nl-NL,nl;q=0.9', nl],
      ] as const) {
        const before = await sessionCount(t);
        const response = await signIn(t, claims, language);
        expect(response.statusCode).toBe(403);
        expect(cookieNamed(response, 'tessera_staff')).toBeUndefined();
        const { document } = sandboxPage(response.body, 'http://localhost:8080');
        expect(document.documentElement.lang).toBe(language.slice(0, 2));
        expect(document.querySelector('[data-refusal]')?.getAttribute('data-refusal')).toBe(refusal);
        expect(document.querySelector('main')?.textContent).toContain(text);
        expect(document.querySelector('a')?.getAttribute('href')).toBe('/admin/auth/login');
        expect(await sessionCount(t)).toBe(before);
        expect(await lastSignIn(t)).toMatchObject(audited);
      }
    });
  }

  it('is also refused when the provider sends email_verified as the string "false"', async () => {
    const response = await signIn(t, { email: 'support@demo.test', email_verified: 'false', amr: ['otp'] });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('data-refusal="email_unverified"');
  });

  it('signs in the same staff member once the address comes verified (the provider and the checks are the real ones)', async () => {
    const response = await signIn(t, { email: 'support@demo.test', email_verified: true, amr: ['pwd', 'otp'] });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/cards');
    expect(cookieNamed(response, 'tessera_staff')).toBeDefined();
  });

  it('refuses a sign-in without a second factor while STAFF_MFA_REQUIRED is on (the default)', async () => {
    const response = await signIn(t, { email: 'support@demo.test', email_verified: true, amr: ['pwd'] });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('data-refusal="no_second_factor"');
  });
});

describe('STAFF_MFA_REQUIRED=false', () => {
  it('accepts a sign-in without a second factor, says so in the log at start, and audits the amr it came with', async () => {
    const log = logSink();
    const app = await createTestApp({ env: { ...issuer.env, STAFF_MFA_REQUIRED: 'false' }, logger: createLogger({ logLevel: 'info' }, log.stream) });
    try {
      const lines = log.text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringMatching(/^STAFF_MFA_REQUIRED is false/) }));

      const before = await sessionCount(app);
      const response = await signIn(app, { email: 'finance@demo.test', email_verified: true, amr: ['pwd'] });
      expect(response.statusCode).toBe(303);
      const cookie = cookieNamed(response, 'tessera_staff');
      expect(cookie).toBeDefined();
      expect(await sessionCount(app)).toBe(before + 1);
      expect(await lastSignIn(app)).toMatchObject({ outcome: 'signed_in', actor: 'finance@demo.test', detail: 'amr pwd' });
      const me = await app.app.inject({ url: '/admin/api/me', headers: { cookie: cookie! } });
      expect(me.json()).toMatchObject({ email: 'finance@demo.test' });

      // A provider that sends no amr at all (Google Workspace) is accepted too.
      const none = await signIn(app, { email: 'finance@demo.test', email_verified: true });
      expect(none.statusCode).toBe(303);
      expect(await lastSignIn(app)).toMatchObject({ outcome: 'signed_in', detail: 'amr -' });
      // The e-mail checks still hold.
      expect((await signIn(app, { amr: ['pwd'] })).body).toContain('data-refusal="no_email"');
    } finally {
      await app.close();
    }
  });
});
