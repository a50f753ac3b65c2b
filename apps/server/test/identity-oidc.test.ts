import { readFileSync } from 'node:fs';
import { IDENTITY_SESSION_TTL_MS, identitySessionResponseSchema, identityApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../src/crypto/index.js';
import type { IdentitySessionRow } from '../src/db/schema.js';
import type { VerifiedIdentity } from '../src/domain/identity.js';
import { sandboxFormPageCsp } from '../src/sandbox-idin/page.js';
import { sandboxPage, TestBrowser, type TestElement } from './helpers/sandbox-browser.js';
import { axeViolations as axeOf, useListeningApp } from './helpers/listening-app.js';

// The bank identity flow over real HTTP (docs/decisions/014): the app listens on a real port,
// PUBLIC_URL points at it, the OpenID Connect client discovers and talks to the sandbox provider
// mounted in the same app, and a small browser (cookies, redirects, the form) plays the cardholder.

const PORT = 18611;
const BASE = `http://localhost:${PORT}`;
const ISSUER = `${BASE}/sandbox/idin`;
const CALLBACK = `${BASE}/callback`;
const RETURN = `${BASE}/api/Authentication/return`;

const { t, log, clock } = useListeningApp(PORT);

let stateCounter = 0;
const webState = () => `web-state-${(++stateCounter).toString().padStart(4, '0')}`;

async function startSession(overrides: Record<string, unknown> = {}, flow = 'PAYOUT', brand = 'demo') {
  return fetch(`${BASE}${identityApi.session.build({ themeCode: brand })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-flow-type': flow },
    body: JSON.stringify({ provider: 'IDIN', issuer: 'INGBNL2A', redirectUrl: CALLBACK, state: webState(), ...overrides }),
  });
}

const sessionRows = () => t.db.selectFrom('identity_sessions').selectAll().orderBy('created_at').execute();
const rowByState = async (state: string) =>
  t.db
    .selectFrom('identity_sessions')
    .selectAll()
    .where('oidc_state_hash', '=', t.deps.crypto.blindIndex.of(PURPOSE.identityState, state))
    .executeTakeFirstOrThrow();
const identityOf = (row: IdentitySessionRow) => JSON.parse(t.deps.crypto.cipher.decrypt(row.identity_ciphertext!, PURPOSE.identity)) as VerifiedIdentity;

/**
 * A session started and walked to the sandbox bank's page: the browser, the authorization URL,
 * the page, and the OpenID Connect state the provider will send back.
 */
async function atTheBank(issuer = 'INGBNL2A', flow = 'PAYOUT') {
  const clientState = webState();
  const res = await startSession({ issuer, state: clientState }, flow);
  expect(res.status).toBe(200);
  const { authorizationUrl } = identitySessionResponseSchema.parse(await res.json());
  const browser = new TestBrowser(BASE);
  const { response } = await browser.follow(authorizationUrl);
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    browser,
    authorizationUrl,
    clientState,
    oidcState: new URL(authorizationUrl).searchParams.get('state')!,
    page: sandboxPage(html, BASE),
    html,
    headers: response.headers,
  };
}

const axeViolations = (html: string) => axeOf(html, BASE);

/** Submits the bank's page with one of its buttons and stops before the portal's return endpoint. */
async function answer(bank: Awaited<ReturnType<typeof atTheBank>>, action: 'approve' | 'cancel' | 'fail', person = { name: 'Zoë de Vries', birthdate: '1980-04-01' }) {
  const form = { ...person, action };
  const { next, response } = await bank.browser.follow(bank.page.action!, { form }, (location) => location.pathname === '/api/Authentication/return');
  expect(next, `expected a redirect to the return endpoint, got ${response.status}`).toBeDefined();
  return next!;
}

/** The return endpoint's answer, not followed. */
const returnTo = (url: URL | string, browser = new TestBrowser(BASE)) => browser.request(String(url));

function callbackOf(res: Response) {
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(CALLBACK);
  expect([...location.searchParams.keys()].sort()).toEqual(['sessionId', 'state']);
  return { state: location.searchParams.get('state')!, sessionId: location.searchParams.get('sessionId')! };
}

describe('the sandbox provider', () => {
  it('publishes its OpenID Connect metadata under PUBLIC_URL/sandbox/idin', async () => {
    const res = await fetch(`${ISSUER}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const metadata = (await res.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(ISSUER);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri']) expect(String(metadata[endpoint])).toMatch(new RegExp(`^${ISSUER}/`));
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(['sub', 'name', 'birthdate']));
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    const jwks = (await (await fetch(String(metadata.jwks_uri))).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    // Public parts only.
    expect(Object.keys(jwks.keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it('shows the chosen bank, editable name and date of birth, and three answers', async () => {
    const bank = await atTheBank('RABONL2U');
    const { document } = bank.page;
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('h1')?.textContent).toMatch(/iDIN/);
    expect(document.body.textContent).toContain('Rabobank');
    const name = bank.page.labelled('Name') as TestElement | null;
    const birthdate = bank.page.labelled('Date of birth') as TestElement | null;
    expect(name?.value).toBe('Zoë de Vries');
    expect(birthdate?.type).toBe('date');
    expect(birthdate?.value).toBe('1980-04-01');
    expect(bank.page.buttons.map((b) => b.name.split(':')[0]!.split(' ')[0])).toEqual(['Approve', 'Cancel', 'Fail']);
    expect(bank.page.action).toMatch(new RegExp(`^${ISSUER}/interaction/[A-Za-z0-9_-]+$`));
    // No script at all, and the page's own CSP allows none (default-src 'none'), its style by hash only.
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(bank.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+';/);
    expect(bank.headers.get('content-security-policy')).toMatch(/form-action 'self' http:\/\/localhost:\d+;/);
    expect(await axeViolations(bank.html)).toEqual([]);
  });

  it("lets the bank's form end on the portal when the bank runs on an origin of its own (form-action covers the redirect)", () => {
    // The standalone sandbox (sandbox-idin/standalone.ts): Approve redirects to the portal's return endpoint.
    expect(sandboxFormPageCsp('https://portal.example/api/Authentication/return')).toMatch(/form-action 'self' https:\/\/portal\.example;/);
  });
});

describe('a verified identity', () => {
  it('goes session → bank → Approve → code exchange → /callback with the web app state and a sessionId', async () => {
    const bank = await atTheBank();
    const auth = new URL(bank.authorizationUrl);
    expect(auth.origin + auth.pathname).toBe(`${ISSUER}/auth`);
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      response_type: 'code',
      scope: 'openid',
      redirect_uri: RETURN,
      code_challenge_method: 'S256',
      idin_issuer: 'INGBNL2A',
    });
    for (const p of ['client_id', 'state', 'nonce', 'code_challenge']) expect(auth.searchParams.get(p)).toMatch(/^[A-Za-z0-9_-]{8,}$/);

    const started = await rowByState(bank.oidcState);
    expect(started).toMatchObject({ status: 'started', flow_type: 'PAYOUT', provider: 'IDIN', issuer: 'INGBNL2A', redirect_url: CALLBACK, client_state: bank.clientState });
    expect(Date.parse(started.expires_at) - Date.parse(started.created_at)).toBe(IDENTITY_SESSION_TTL_MS);
    const secrets = JSON.parse(t.deps.crypto.cipher.decrypt(started.request_ciphertext, PURPOSE.identityRequest));
    expect(secrets.nonce).toBe(auth.searchParams.get('nonce'));
    expect(Object.keys(secrets).sort()).toEqual(['codeVerifier', 'nonce']);

    const back = await answer(bank, 'approve');
    expect(back.origin + back.pathname).toBe(RETURN);
    expect(back.searchParams.get('state')).toBe(bank.oidcState);
    expect(back.searchParams.get('iss')).toBe(ISSUER);
    const res = await returnTo(back);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { state, sessionId } = callbackOf(res);
    expect(state).toBe(bank.clientState);
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await rowByState(bank.oidcState);
    expect(row).toMatchObject({ status: 'verified', error: null, used_at: null, card_id: null });
    expect(row.session_id_hash).toBe(t.deps.crypto.blindIndex.of(PURPOSE.identitySession, sessionId));
    expect(row.returned_at).not.toBeNull();
    const identity = identityOf(row);
    expect(identity).toEqual({ name: 'Zoë de Vries', birthDate: '1980-04-01', subject: expect.stringMatching(/^sandbox-[0-9a-f]{32}$/), issuer: ISSUER });
    expect(row.subject_hash).toBe(t.deps.crypto.blindIndex.of(PURPOSE.identitySubject, `${ISSUER} ${identity.subject}`));
    // The sandbox's cookies stay under its own path: the portal itself sets none.
    expect(bank.browser.cookiePaths.size).toBeGreaterThan(0);
    for (const path of bank.browser.cookiePaths) expect(path).toMatch(/^\/sandbox\/idin(\/|$)/);
  });

  it('keeps the identity encrypted: no column holds the name, the birth date, the sessionId or the state', async () => {
    const bank = await atTheBank();
    const { sessionId } = callbackOf(await returnTo(await answer(bank, 'approve', { name: 'Anneke Verbeek-Oudshoorn', birthdate: '1971-11-23' })));
    const row = await rowByState(bank.oidcState);
    const sealed = /^v\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
    expect(row.identity_ciphertext).toMatch(sealed);
    expect(row.request_ciphertext).toMatch(sealed);
    // Structure, not luck: every column is one of these, and none is a plain value.
    const plain = Object.entries(row).filter(([, v]) => typeof v === 'string' && /Verbeek|1971-11-23/.test(v));
    expect(plain).toEqual([]);
    expect(Object.values(row)).not.toContain(sessionId);
    expect(Object.values(row)).not.toContain(bank.oidcState);
    if (t.database.dialect === 'sqlite') {
      // The database file itself (and its write-ahead log), as a dump would read it.
      const raw = ['', '-wal'].map((suffix) => {
        try {
          return readFileSync(`${t.database.dialect === 'sqlite' ? t.database.file : ''}${suffix}`).toString('latin1');
        } catch {
          return '';
        }
      });
      for (const bytes of raw) {
        expect(bytes).not.toContain('Verbeek');
        expect(bytes).not.toContain(sessionId);
      }
    }
  });

  it('gives the same person the same subject, and another person another', async () => {
    const subjectFor = async (person: { name: string; birthdate: string }) => {
      const bank = await atTheBank();
      callbackOf(await returnTo(await answer(bank, 'approve', person)));
      return identityOf(await rowByState(bank.oidcState)).subject;
    };
    const first = await subjectFor({ name: 'Jan Jansen', birthdate: '1990-01-02' });
    expect(await subjectFor({ name: 'Jan Jansen', birthdate: '1990-01-02' })).toBe(first);
    expect(await subjectFor({ name: 'Jan Jansen', birthdate: '1990-01-03' })).not.toBe(first);
    expect(await subjectFor({ name: 'Jan Janssen', birthdate: '1990-01-02' })).not.toBe(first);
  });
});

describe('the bank’s other answers', () => {
  it('Cancel: the session is cancelled (access_denied) and the browser still goes to /callback', async () => {
    const bank = await atTheBank('ABNANL2A', 'IDENTIFY');
    const back = await answer(bank, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const { state, sessionId } = callbackOf(await returnTo(back));
    expect(state).toBe(bank.clientState);
    const row = await rowByState(bank.oidcState);
    expect(row).toMatchObject({ status: 'cancelled', error: 'access_denied', identity_ciphertext: null, subject_hash: null, flow_type: 'IDENTIFY' });
    expect(row.session_id_hash).toBe(t.deps.crypto.blindIndex.of(PURPOSE.identitySession, sessionId));
  });

  it('Fail: the session is failed with the provider’s error code', async () => {
    const bank = await atTheBank();
    const back = await answer(bank, 'fail');
    callbackOf(await returnTo(back));
    expect(await rowByState(bank.oidcState)).toMatchObject({ status: 'failed', error: 'temporarily_unavailable', identity_ciphertext: null });
  });

  it('refuses an Approve without a valid name or date of birth on the page itself', async () => {
    const bank = await atTheBank();
    const res = await bank.browser.request(bank.page.action!, { form: { action: 'approve', name: ' ', birthdate: '2999-01-01' } });
    expect(res.status).toBe(400);
    const page = sandboxPage(await res.text(), BASE);
    expect(page.labelled('Name')?.getAttribute('aria-invalid')).toBe('true');
    expect(page.labelled('Date of birth')?.getAttribute('aria-invalid')).toBe('true');
    expect(page.document.querySelector('[role=alert]')).not.toBeNull();
    expect(await axeViolations(page.document.documentElement.outerHTML)).toEqual([]);
    // The interaction goes on: a corrected answer completes it.
    callbackOf(await returnTo(await answer({ ...bank, page }, 'approve')));
    expect((await rowByState(bank.oidcState)).status).toBe('verified');
  });
});

describe('returns that are refused or fail', () => {
  it('refuses a tampered state with an error page and changes nothing', async () => {
    const bank = await atTheBank();
    const back = await answer(bank, 'approve');
    const before = await sessionRows();
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${bank.oidcState.slice(0, -1)}${bank.oidcState.endsWith('A') ? 'B' : 'A'}`);
    const res = await returnTo(tampered);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<html lang="nl">/);
    expect(html).not.toContain(bank.oidcState);
    expect(html).not.toContain(back.searchParams.get('code')!);
    for (const missing of [`${RETURN}`, `${RETURN}?code=x`, `${RETURN}?state=`, `${RETURN}?state=a&state=b`]) expect((await returnTo(missing)).status).toBe(400);
    // A HEAD of the real return (a link scanner, a prefetch) completes nothing either.
    expect((await fetch(back, { method: 'HEAD', redirect: 'manual' })).status).not.toBe(303);
    expect(await sessionRows()).toEqual(before);
    // The real return still works: nothing was used up.
    expect(callbackOf(await returnTo(back)).state).toBe(bank.clientState);
  });

  it('refuses a replayed return (same code and state) the second time, changing nothing', async () => {
    const bank = await atTheBank();
    const back = await answer(bank, 'approve');
    callbackOf(await returnTo(back));
    const after = await rowByState(bank.oidcState);
    const again = await returnTo(back);
    expect(again.status).toBe(400);
    expect(again.headers.get('location')).toBeNull();
    expect(await rowByState(bank.oidcState)).toEqual(after);
  });

  it('completes a session once when two returns arrive at the same time', async () => {
    const bank = await atTheBank();
    const back = await answer(bank, 'approve');
    const answers = await Promise.all([returnTo(back), returnTo(back), returnTo(back)]);
    expect(answers.map((r) => r.status).sort()).toEqual([303, 400, 400]);
    const row = await rowByState(bank.oidcState);
    const winner = answers.find((r) => r.status === 303)!;
    expect(row.session_id_hash).toBe(t.deps.crypto.blindIndex.of(PURPOSE.identitySession, callbackOf(winner).sessionId));
    expect(['verified', 'failed']).toContain(row.status);
  });

  it('refuses a return after the session’s 10 minutes, changing nothing', async () => {
    const bank = await atTheBank();
    const back = await answer(bank, 'approve');
    const row = await rowByState(bank.oidcState);
    clock.at = Date.parse(row.expires_at);
    try {
      expect((await returnTo(back)).status).toBe(400);
      expect(await rowByState(bank.oidcState)).toEqual(row);
      clock.at = Date.parse(row.expires_at) - 1000;
      callbackOf(await returnTo(back));
    } finally {
      clock.at = undefined;
    }
  });

  it('marks the session failed, and still redirects, when the code is wrong', async () => {
    const bank = await atTheBank();
    const back = await answer(bank, 'approve');
    back.searchParams.set('code', `${back.searchParams.get('code')}x`);
    const { state } = callbackOf(await returnTo(back));
    expect(state).toBe(bank.clientState);
    expect(await rowByState(bank.oidcState)).toMatchObject({ status: 'failed', error: 'invalid_grant', identity_ciphertext: null });
  });

  it('marks the session failed when the ID token does not carry the session’s nonce', async () => {
    const bank = await atTheBank();
    const row = await rowByState(bank.oidcState);
    const secrets = JSON.parse(t.deps.crypto.cipher.decrypt(row.request_ciphertext, PURPOSE.identityRequest));
    const forged = t.deps.crypto.cipher.encrypt(JSON.stringify({ ...secrets, nonce: 'another-nonce-entirely' }), PURPOSE.identityRequest);
    await t.db.updateTable('identity_sessions').set({ request_ciphertext: forged }).where('id', '=', row.id).execute();
    callbackOf(await returnTo(await answer(bank, 'approve')));
    const failed = await rowByState(bank.oidcState);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('oauth_jwt_claim_comparison_failed');
    expect(failed.identity_ciphertext).toBeNull();
  });

  it('marks the session failed when the PKCE verifier does not match', async () => {
    const bank = await atTheBank();
    const row = await rowByState(bank.oidcState);
    const secrets = JSON.parse(t.deps.crypto.cipher.decrypt(row.request_ciphertext, PURPOSE.identityRequest));
    const forged = t.deps.crypto.cipher.encrypt(JSON.stringify({ ...secrets, codeVerifier: 'x'.repeat(43) }), PURPOSE.identityRequest);
    await t.db.updateTable('identity_sessions').set({ request_ciphertext: forged }).where('id', '=', row.id).execute();
    callbackOf(await returnTo(await answer(bank, 'approve')));
    expect(await rowByState(bank.oidcState)).toMatchObject({ status: 'failed', error: 'invalid_grant' });
  });

  it('the sandbox refuses an authorization without PKCE or with a bank that is not an iDIN issuer', async () => {
    for (const change of [(u: URL) => u.searchParams.delete('code_challenge'), (u: URL) => u.searchParams.set('idin_issuer', 'KNABNL2H')]) {
      const res = await startSession();
      const url = new URL(((await res.json()) as { authorizationUrl: string }).authorizationUrl);
      change(url);
      const { next } = await new TestBrowser(BASE).follow(url.href, {}, (l) => l.pathname === '/api/Authentication/return');
      expect(next?.searchParams.get('error')).toBe('invalid_request');
      callbackOf(await returnTo(next!));
      expect(await rowByState(url.searchParams.get('state')!)).toMatchObject({ status: 'failed', error: 'invalid_request' });
    }
  });
});

describe('what is recorded', () => {
  it('audits starts and returns, and logs no state, code, nonce, sessionId, token, name or birth date', async () => {
    const bank = await atTheBank();
    const back = await answer(bank, 'approve', { name: 'Pieternella Logtest', birthdate: '1966-06-16' });
    const { sessionId } = callbackOf(await returnTo(back));
    // The other outcomes, in this test, so it stands on its own.
    callbackOf(await returnTo(await answer(await atTheBank(), 'cancel')));
    callbackOf(await returnTo(await answer(await atTheBank(), 'fail')));
    expect((await returnTo(back)).status).toBe(400);
    const secrets = [bank.oidcState, back.searchParams.get('code')!, new URL(bank.authorizationUrl).searchParams.get('nonce')!, sessionId];
    for (const secret of secrets) expect(secret.length).toBeGreaterThanOrEqual(32);

    const lines = log.text().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { req?: { url?: string } });
    const urls = lines.map((l) => l.req?.url).filter((u): u is string => typeof u === 'string');
    expect(urls.some((u) => u.startsWith('/api/Authentication/return?'))).toBe(true);
    for (const url of urls) {
      const query = new URLSearchParams(url.split('?')[1] ?? '');
      for (const name of ['code', 'state', 'nonce', 'sessionId']) if (query.has(name)) expect(query.get(name)).toBe('[redacted]');
    }
    const logged = log.strings();
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).not.toContain('Pieternella');
    expect(logged).not.toContain('1966-06-16');

    const events = await t.db.selectFrom('audit_events').selectAll().where('type', 'like', 'identity.%').execute();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['identity.session.start', 'identity.session.return']));
    expect(events.map((e) => e.outcome)).toEqual(expect.arrayContaining(['started', 'verified', 'cancelled', 'failed', 'refused']));
    const recorded = JSON.stringify(events);
    for (const secret of secrets) expect(recorded).not.toContain(secret);
    expect(recorded).not.toContain('Pieternella');
  });
});
