import { IDIN_BANKS, identityProvidersSchema, identityApi, payoutApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { logSink } from './helpers/flows.js';
import { createTestApp, useTestApp } from './helpers/test-app.js';

// The providers and session calls' checks (docs/product/common.md#error-codes,
// docs/product/payout.md#bank-identity;
// docs/decisions/014), through app.inject: every refusal here comes before the provider is asked.
// The test app's portal is http://localhost:8080.

const CALLBACK = 'http://localhost:8080/callback';

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });

const providers = (brand = 'demo', headers: Record<string, string> = { 'x-flow-type': 'PAYOUT' }) =>
  t.app.inject({ method: 'GET', url: identityApi.providers.build({ themeCode: brand }), headers });
const session = (body: Record<string, unknown>, brand = 'demo', headers: Record<string, string> = { 'x-flow-type': 'PAYOUT' }) =>
  t.app.inject({ method: 'POST', url: identityApi.session.build({ themeCode: brand }), headers, payload: body });
const validBody = (overrides: Record<string, unknown> = {}) => ({ provider: 'IDIN', issuer: 'INGBNL2A', redirectUrl: CALLBACK, state: 'web-state-0001', ...overrides });
const fieldsOf = (res: { json: () => { fields?: Array<{ path: string }> } }) => (res.json().fields ?? []).map((f) => f.path).sort();
const sessionCount = async () => Number((await t.db.selectFrom('identity_sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('GET /api/Authentication/{themeCode}/providers', () => {
  it('lists IDIN with exactly the seven iDIN banks, each by its BIC', async () => {
    for (const flow of ['PAYOUT', 'IDENTIFY']) {
      const res = await providers('demo', { 'x-flow-type': flow });
      expect(res.statusCode).toBe(200);
      const answer = identityProvidersSchema.parse(res.json());
      expect(answer).toHaveLength(1);
      expect(answer[0]!.provider).toBe('IDIN');
      expect(answer[0]!.issuers.map((i) => i.id).sort()).toEqual(['ABNANL2A', 'ASNBNL21', 'BUNQNL2A', 'INGBNL2A', 'RABONL2U', 'RBRBNL21', 'SNSBNL2A']);
      expect(answer[0]!.issuers.map((i) => i.id).sort()).toEqual(IDIN_BANKS.map((b) => b.bic).sort());
      expect(answer[0]!.issuers.map((i) => i.name)).toEqual(['ABN AMRO', 'ASN Bank', 'bunq', 'ING', 'Rabobank', 'RegioBank', 'SNS']);
      // Names are distinct: a dropdown never shows one bank twice.
      expect(new Set(answer[0]!.issuers.map((i) => i.name)).size).toBe(7);
    }
    // The slug and the code both name the brand.
    expect((await providers('DEMO')).statusCode).toBe(200);
  });

  it('checks brand, then header, then the flow', async () => {
    expect((await providers('nobody', {})).json().code).toBe('THEME_NOT_FOUND');
    expect((await providers('nobody')).statusCode).toBe(404);
    const missing = await providers('demo', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'x-flow-type' }] });
    expect((await providers('demo', { 'x-flow-type': 'BALANCE' })).json().code).toBe('VALIDATION_ERROR');
    // acme offers BALANCE and REPLACE only.
    for (const flow of ['PAYOUT', 'IDENTIFY']) {
      const res = await providers('acme', { 'x-flow-type': flow });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FLOW_UNAVAILABLE');
    }
  });
});

describe('POST /api/Authentication/{themeCode}/session: refusals', () => {
  it('checks brand, flow and body in the contract’s order', async () => {
    expect((await session({}, 'nobody')).statusCode).toBe(404);
    expect((await session({}, 'acme')).json().code).toBe('FLOW_UNAVAILABLE');
    expect((await session(validBody(), 'acme', { 'x-flow-type': 'IDENTIFY' })).statusCode).toBe(403);
    expect((await session(validBody(), 'demo', {})).json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'x-flow-type' }] });
    const empty = await session({});
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['issuer', 'provider', 'redirectUrl', 'state']);
    expect(fieldsOf(await session(validBody({ provider: 'DIGID' })))).toEqual(['provider']);
    expect(fieldsOf(await session(validBody({ state: 'has spaces in it' })))).toEqual(['state']);
    expect(fieldsOf(await session(validBody({ state: 'short' })))).toEqual(['state']);
  });

  it('refuses a redirectUrl other than exactly PUBLIC_URL/callback (no open redirects)', async () => {
    const others = [
      'https://evil.example/callback',
      'http://evil.example/callback',
      'https://localhost:8080/callback',
      'http://localhost:8081/callback',
      'http://127.0.0.1:8080/callback',
      'http://localhost:8080.evil.example/callback',
      'http://localhost:8080@evil.example/callback',
      '//evil.example/callback',
      '/callback',
      'http://localhost:8080/callback/',
      'http://localhost:8080/callbacks',
      'http://localhost:8080/demo/payout/callback',
      'http://localhost:8080/callback?next=https://evil.example',
      'http://localhost:8080/callback#x',
      'http://LOCALHOST:8080/callback',
      'javascript:alert(1)',
    ];
    for (const redirectUrl of others) {
      const res = await session(validBody({ redirectUrl }));
      expect(res.statusCode, redirectUrl).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(fieldsOf(res), redirectUrl).toEqual(['redirectUrl']);
    }
    expect(await sessionCount()).toBe(0);
  });

  it('refuses an issuer that is not one of the iDIN banks’ BICs', async () => {
    // KNABNL2H: a Dutch bank without iDIN; the others are near misses of ING's BIC.
    for (const issuer of ['KNABNL2H', 'ingbnl2a', 'INGBNL2AXXX', 'INGB', 'ING', ' INGBNL2A']) {
      const res = await session(validBody({ issuer }));
      expect(res.statusCode, issuer).toBe(400);
      expect(fieldsOf(res), issuer).toEqual(['issuer']);
    }
    expect(fieldsOf(await session(validBody({ issuer: 'KNABNL2H', redirectUrl: 'https://evil.example/callback' })))).toEqual(['issuer', 'redirectUrl']);
    expect(await sessionCount()).toBe(0);
    const audited = await t.db.selectFrom('audit_events').selectAll().where('type', '=', 'identity.session.start').execute();
    expect(audited.length).toBeGreaterThan(0);
    expect(new Set(audited.map((e) => e.outcome))).toEqual(new Set(['validation_error']));
  });
});

describe('the session call is rate-limited per address', () => {
  it('answers 429 past RATE_LIMIT_PER_MINUTE', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const call = () => limited.app.inject({ method: 'POST', url: identityApi.session.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'PAYOUT' }, payload: {} });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call()).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('without bank identity (IDENTITY_ADAPTER=off)', () => {
  it('answers FLOW_UNAVAILABLE, mounts no sandbox, and refuses returns', async () => {
    const off = await createTestApp({ env: { IDENTITY_ADAPTER: 'off' } });
    try {
      const list = await off.app.inject({ method: 'GET', url: identityApi.providers.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'PAYOUT' } });
      expect(list.json().code).toBe('FLOW_UNAVAILABLE');
      const start = await off.app.inject({ method: 'POST', url: identityApi.session.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'IDENTIFY' }, payload: validBody() });
      expect(start.statusCode).toBe(403);
      expect((await off.app.inject({ url: '/sandbox/idin/.well-known/openid-configuration', headers: { accept: 'application/json' } })).statusCode).toBe(404);
      expect((await off.app.inject({ url: `${identityApi.return.build()}?state=abc&code=def` })).statusCode).toBe(400);
      // The theme says so too, so cardholders see "not available" at the start, not a failure at
      // the end; the PAYOUT lookup refuses as well. Other flows are untouched.
      const theme = (await off.app.inject({ url: '/api/theme/demo' })).json() as { pageAvailability: { code: string; isAvailable: boolean }[] };
      const available = Object.fromEntries(theme.pageAvailability.map((p) => [p.code, p.isAvailable]));
      expect(available).toMatchObject({ PAYOUT: false, IDENTIFY: false, BALANCE: true, REPLACE: true, VISA: true, RESET: true });
      const lookup = await off.app.inject({
        method: 'POST',
        url: payoutApi.lookup.build(),
        headers: { 'x-flow-type': 'PAYOUT' },
        payload: { code: 'DEMO', giftCardNumber: '6064000000000000109', pinCode: '219936', 'g-recaptcha-response': 'test-pass' },
      });
      expect(lookup.json().code).toBe('FLOW_UNAVAILABLE');
    } finally {
      await off.close();
    }
  });
});

describe('an identity provider that cannot be reached', () => {
  it('answers 500 without writing a session, audits it, and logs no secret', async () => {
    const log = logSink();
    const down = await createTestApp({
      env: {
        IDENTITY_ADAPTER: 'oidc',
        IDIN_ISSUER_URL: 'http://127.0.0.1:18699/broker',
        IDIN_CLIENT_ID: 'tessera',
        IDIN_CLIENT_SECRET: 'a-client-secret-of-the-broker',
      },
      logger: createLogger({ logLevel: 'info' }, log.stream),
    });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await down.app.inject({ method: 'POST', url: identityApi.session.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'PAYOUT' }, payload: validBody() });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: expect.any(String) });
      }
      expect(await down.db.selectFrom('identity_sessions').selectAll().execute()).toEqual([]);
      const audited = await down.db.selectFrom('audit_events').select(['outcome', 'detail']).where('type', '=', 'identity.session.start').execute();
      expect(audited).toEqual([
        { outcome: 'provider_unavailable', detail: expect.stringMatching(/^[a-z_]+$/) },
        { outcome: 'provider_unavailable', detail: expect.stringMatching(/^[a-z_]+$/) },
      ]);
      expect(log.strings()).toContain('theidentityprovidercannotbereached');
      expect(log.strings()).not.toContain('a-client-secret-of-the-broker');
      // The sandbox is not mounted when a broker is configured.
      expect((await down.app.inject({ url: '/sandbox/idin/.well-known/openid-configuration', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    } finally {
      await down.close();
    }
  });
});
