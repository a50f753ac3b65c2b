import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../src/crypto/index.js';
import { atTheStaffProvider, sessionCookieOf, toTheCallback } from './helpers/staff.js';
import { sandboxPage, TestBrowser } from './helpers/sandbox-browser.js';
import { axeViolations as axeOf, useListeningApp } from './helpers/listening-app.js';

// The back office's sign-in over real HTTP (docs/decisions/030): the app listens on a real port,
// PUBLIC_URL points at it, openid-client discovers and talks to the sandbox staff provider mounted
// in the same app, and a small browser (cookies, redirects, the form) plays the staff member.

const PORT = 18631;
const BASE = `http://localhost:${PORT}`;
const ORIGIN = { origin: BASE };

const { t, log, clock } = useListeningApp(PORT);
const advance = (ms: number) => {
  clock.at = (clock.at ?? Date.now()) + ms;
};

const sessions = () => t.db.selectFrom('staff_sessions').selectAll().execute();
const signInAudit = () => t.db.selectFrom('audit_events').select(['outcome', 'actor', 'actor_grant', 'client', 'detail']).where('type', '=', 'staff.sign_in').orderBy('occurred_at').execute();
const me = (cookie: string | undefined) => t.app.inject({ method: 'GET', url: '/admin/api/me', headers: cookie ? { cookie } : {} });

/** A full sign-in through the sandbox provider: the callback's answer and the session cookie. */
async function signIn(email: string, returnTo = '/admin/cards') {
  const at = await atTheStaffProvider(BASE, returnTo);
  const callback = await toTheCallback(at, `Sign in as ${email}`);
  const response = await at.browser.request(callback.href);
  return { response, cookie: sessionCookieOf(response), callback, browser: at.browser };
}

const axeViolations = (html: string) => axeOf(html, BASE);

describe('the sandbox staff provider', () => {
  it('lists the six demo staff with a button to sign in with and one without a second factor, on an accessible page under a strict policy', async () => {
    const at = await atTheStaffProvider(BASE);
    for (const email of ['admin@tessera.test', 'support@demo.test', 'finance@demo.test', 'approver@demo.test', 'brand@demo.test', 'support@acme.test']) {
      at.button(`Sign in as ${email}`);
      at.button(`Sign in without a second factor as ${email}`);
    }
    expect(at.page.document.documentElement.lang).toBe('en');
    expect(at.page.document.querySelector('h1')?.textContent).toBe('Sign in to the back office');
    const csp = at.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self' http:\/\/localhost:18631; frame-ancestors 'none'; base-uri 'none'$/);
    expect(at.html).not.toMatch(/<script/i);
    expect(await axeViolations(at.html)).toEqual([]);
  });

  it('publishes its OpenID Connect metadata under PUBLIC_URL/sandbox/staff with the e-mail scope', async () => {
    const metadata = (await (await fetch(`${BASE}/sandbox/staff/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${BASE}/sandbox/staff`);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('signing in', () => {
  it('signs a demo staff member in with a second factor: a new session, its cookie, and the way back to returnTo', async () => {
    const before = (await sessions()).length;
    const { response, cookie, callback } = await signIn('admin@tessera.test', '/admin/cards/abc?tab=timeline');
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin/cards/abc?tab=timeline');
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('tessera_staff='))!;
    expect(setCookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/admin', 'SameSite=Strict']);
    expect((await sessions()).length).toBe(before + 1);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'admin@tessera.test', grants: [{ role: 'admin', brand: null }] });

    // Stored by its keyed hash only, with the provider's amr.
    const id = cookie!.split('=')[1]!;
    const rows = await t.db.selectFrom('staff_sessions').selectAll().where('email', '=', 'admin@tessera.test').execute();
    expect(rows.some((r) => r.id_hash === t.deps.crypto.blindIndex.of(PURPOSE.staffSession, id))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows.at(-1)!.amr).toBe('pwd,otp');
    expect((await signInAudit()).at(-1)).toMatchObject({ outcome: 'signed_in', actor: 'admin@tessera.test', actor_grant: null });
  });

  it('makes a new session id at every sign-in', async () => {
    const first = await signIn('support@demo.test');
    const second = await signIn('support@demo.test');
    expect(first.cookie).toBeDefined();
    expect(second.cookie).toBeDefined();
    expect(first.cookie).not.toBe(second.cookie);
  });

  it('only returns to a path of the back office: another origin or a portal path becomes /admin/', async () => {
    for (const returnTo of ['https://evil.example/admin/', '//evil.example/admin/', '/balance', '/admin/\\evil', '/admin/../balance']) {
      const { response } = await signIn('admin@tessera.test', returnTo);
      expect(response.headers.get('location'), returnTo).toBe('/admin/');
    }
  });

  it('refuses a sign-in without a second factor on a page that says why in English or Dutch, makes no session and audits it', async () => {
    for (const [language, text] of [
      ['en-GB,en;q=0.8', 'did not use a second factor'],
      ['nl-NL,nl;q=0.9,en;q=0.5', 'geen tweede factor'],
    ] as const) {
      const before = (await sessions()).length;
      const at = await atTheStaffProvider(BASE);
      const callback = await toTheCallback(at, 'Sign in without a second factor as support@demo.test');
      const response = await at.browser.request(callback.href, { headers: { 'accept-language': language } });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(sessionCookieOf(response)).toBeUndefined();
      const html = await response.text();
      const { document } = sandboxPage(html, BASE);
      expect(document.documentElement.lang).toBe(language.slice(0, 2));
      expect(document.querySelector('[data-refusal]')?.getAttribute('data-refusal')).toBe('no_second_factor');
      expect(html).toContain(text);
      expect(document.querySelector('a')?.getAttribute('href')).toBe('/admin/auth/login');
      expect(await axeViolations(html)).toEqual([]);
      expect((await sessions()).length).toBe(before);
    }
    expect((await signInAudit()).at(-1)).toMatchObject({ outcome: 'refused', actor: 'support@demo.test', detail: 'amr pwd' });
  });

  it('refuses an address without a grant', async () => {
    await t.db.deleteFrom('staff_grants').where('email', '=', 'support@acme.test').execute();
    const before = (await sessions()).length;
    const { response, cookie } = await signIn('support@acme.test');
    expect(response.status).toBe(403);
    expect(cookie).toBeUndefined();
    expect(await response.text()).toContain('no access to the back office');
    expect((await sessions()).length).toBe(before);
    expect((await signInAudit()).at(-1)).toMatchObject({ outcome: 'refused', detail: 'no_grant' });
  });

  it('refuses a callback with another state, in another browser, or whose nonce the ID token does not carry', async () => {
    // Another state: no sign-in of that state.
    const at1 = await atTheStaffProvider(BASE);
    const callback1 = await toTheCallback(at1, 'Sign in as admin@tessera.test');
    callback1.searchParams.set('state', 'not-the-state');
    const forged = await at1.browser.request(callback1.href);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('data-refusal="expired"');

    // The right callback in a browser that did not start the sign-in.
    const at2 = await atTheStaffProvider(BASE);
    const callback2 = await toTheCallback(at2, 'Sign in as admin@tessera.test');
    const elsewhere = await new TestBrowser(BASE).request(callback2.href);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('data-refusal="failed"');
    // ...and it is spent: the right browser cannot use it after that either.
    expect((await at2.browser.request(callback2.href)).status).toBe(400);

    // A nonce other than the ID token's.
    const at3 = await atTheStaffProvider(BASE);
    const callback3 = await toTheCallback(at3, 'Sign in as admin@tessera.test');
    const stateHash = t.deps.crypto.blindIndex.of(PURPOSE.staffLoginState, callback3.searchParams.get('state')!);
    const row = await t.db.selectFrom('staff_logins').selectAll().where('state_hash', '=', stateHash).executeTakeFirstOrThrow();
    const secrets = JSON.parse(t.deps.crypto.cipher.decrypt(row.request_ciphertext, PURPOSE.staffLogin)) as Record<string, string>;
    const tampered = t.deps.crypto.cipher.encrypt(JSON.stringify({ ...secrets, nonce: 'another-nonce-of-enough-length' }), PURPOSE.staffLogin);
    await t.db.updateTable('staff_logins').set({ request_ciphertext: tampered }).where('state_hash', '=', stateHash).execute();
    const wrongNonce = await at3.browser.request(callback3.href);
    expect(wrongNonce.status).toBe(400);
    expect(sessionCookieOf(wrongNonce)).toBeUndefined();
    expect((await signInAudit()).at(-1)).toMatchObject({ outcome: 'refused' });
  });

  it('finishes a sign-in another replica started: the sign-in under way is in the database', async () => {
    const at = await atTheStaffProvider(BASE);
    const callback = await toTheCallback(at, 'Sign in as finance@demo.test');
    const rows = await t.db.selectFrom('staff_logins').select('state_hash').execute();
    expect(rows.map((r) => r.state_hash)).toContain(t.deps.crypto.blindIndex.of(PURPOSE.staffLoginState, callback.searchParams.get('state')!));
    const response = await at.browser.request(callback.href);
    expect(response.status).toBe(303);
  });
});

/** A test's steps with the test clock started at now (advance moves it), let go afterwards. */
const onTestClock = (steps: () => Promise<void>) => async () => {
  clock.at = Date.now();
  try {
    await steps();
  } finally {
    clock.at = undefined;
  }
};

describe('sessions', () => {
  it('end after 15 minutes without a call, and each call keeps them alive', onTestClock(async () => {
    const { cookie } = await signIn('finance@demo.test');
    advance(14 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    advance(14 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    advance(15 * 60_000);
    const idle = await me(cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  }));

  it('end 12 hours after sign-in however busy', onTestClock(async () => {
    const { cookie } = await signIn('finance@demo.test');
    for (let minutes = 10; minutes < 12 * 60; minutes += 10) {
      advance(10 * 60_000);
      expect((await me(cookie)).statusCode, `after ${minutes} minutes`).toBe(200);
    }
    advance(10 * 60_000);
    expect((await me(cookie)).statusCode).toBe(401);
  }));

  it('record a call at most once a minute', onTestClock(async () => {
    const { cookie } = await signIn('approver@demo.test');
    const seen = async () => (await t.db.selectFrom('staff_sessions').select('last_seen_at').where('email', '=', 'approver@demo.test').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).last_seen_at;
    const first = await seen();
    advance(30_000);
    await me(cookie);
    expect(await seen()).toBe(first);
    advance(31_000);
    await me(cookie);
    expect(await seen()).toBe(new Date(clock.at ?? 0).toISOString());
  }));

  it('end at sign-out, which needs the back office Origin', async () => {
    const { cookie } = await signIn('brand@demo.test');
    for (const headers of [{}, { origin: 'https://evil.example' }]) {
      const refused = await t.app.inject({ method: 'POST', url: '/admin/auth/logout', headers: { cookie: cookie!, ...headers } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await me(cookie)).statusCode).toBe(200);
    }
    const out = await t.app.inject({ method: 'POST', url: '/admin/auth/logout', headers: { cookie: cookie!, ...ORIGIN } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^tessera_staff=; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=0$/);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.db.selectFrom('audit_events').select('actor').where('type', '=', 'staff.sign_out').execute()).toEqual([{ actor: 'brand@demo.test' }]);
  });

  it('answer 401 without a cookie or with an unknown one', async () => {
    expect((await me(undefined)).statusCode).toBe(401);
    expect((await me(`tessera_staff=${'A'.repeat(43)}`)).statusCode).toBe(401);
  });
});

describe('the logs', () => {
  it('hold no session id, code, state, nonce or client secret', () => {
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(t.config.staff.clientSecret);
    for (const url of log.requestUrls()) {
      expect(url).not.toMatch(/[?&](code|state|nonce)=(?!\[redacted\])/);
    }
    expect(text).not.toMatch(/tessera_staff(_login)?=[A-Za-z0-9_-]{20,}/);
  });
});
