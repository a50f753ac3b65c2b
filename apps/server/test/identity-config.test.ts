import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/index.js';
import { problemsOf, productionEnv } from './helpers/config.js';

// Bank identity settings (docs/decisions/014): the sandbox is the embedded default and refused in
// production; a broker is configured with IDIN_* and must be https in production.

/** Everything production needs besides identity, at an https PUBLIC_URL. */
const production = (env: Record<string, string> = {}) => productionEnv({ PUBLIC_URL: 'https://cards.example.com', ...env });
const broker = { IDIN_ISSUER_URL: 'https://broker.example.com/oidc', IDIN_CLIENT_ID: 'tessera', IDIN_CLIENT_SECRET: 'a-long-client-secret' };

describe('identity configuration', () => {
  it('defaults to the sandbox outside production, at PUBLIC_URL/sandbox/idin', () => {
    const config = parseConfig({ PORT: '9000' });
    expect(config.identity).toEqual({
      adapter: 'sandbox',
      issuerUrl: 'http://localhost:9000/sandbox/idin',
      clientId: 'tessera-portal',
      clientSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      clientAuth: 'client_secret_basic',
      scopes: ['openid'],
      acrValues: undefined,
      issuerParam: 'idin_issuer',
      redirectUri: 'http://localhost:9000/api/Authentication/return',
      allowInsecureRequests: true,
    });
    // A fresh client secret each start, unless one is given.
    expect(parseConfig({}).identity.clientSecret).not.toBe(parseConfig({}).identity.clientSecret);
    expect(parseConfig({ IDIN_CLIENT_SECRET: 'sandbox-secret-0123' }).identity.clientSecret).toBe('sandbox-secret-0123');
  });

  it('refuses the sandbox in production', () => {
    expect(problemsOf(production({ IDENTITY_ADAPTER: 'sandbox' }))).toEqual([expect.stringMatching(/^IDENTITY_ADAPTER: .*refused in production/)]);
  });

  it('uses the broker in production, https only, and has no identity without one', () => {
    const config = parseConfig(production(broker));
    expect(config.identity).toMatchObject({ adapter: 'oidc', issuerUrl: 'https://broker.example.com/oidc', allowInsecureRequests: false, redirectUri: 'https://cards.example.com/api/Authentication/return' });
    expect(problemsOf(production({ ...broker, IDIN_ISSUER_URL: 'http://broker.example.com/oidc' }))).toEqual([expect.stringMatching(/^IDIN_ISSUER_URL: must be https/)]);
    expect(parseConfig(production()).identity.adapter).toBe('off');
  });

  it('needs the issuer, client id and secret of a broker, listing every missing one', () => {
    expect(problemsOf({ IDENTITY_ADAPTER: 'oidc' }).map((p) => p.split(':')[0]).sort()).toEqual(['IDIN_CLIENT_ID', 'IDIN_CLIENT_SECRET', 'IDIN_ISSUER_URL']);
    // Outside production an http broker (a local test provider) is allowed, and said so.
    expect(parseConfig({ ...broker, IDIN_ISSUER_URL: 'http://127.0.0.1:9999/op' }).identity).toMatchObject({ adapter: 'oidc', allowInsecureRequests: true });
    // The issuer identifier is kept exactly, a trailing slash included.
    expect(parseConfig({ ...broker, IDIN_ISSUER_URL: 'https://broker.example.com/' }).identity.issuerUrl).toBe('https://broker.example.com/');
    expect(problemsOf({ IDENTITY_ADAPTER: 'sandbox', ...broker })).toEqual([expect.stringMatching(/^IDIN_ISSUER_URL: not used with the sandbox/)]);
  });

  it('validates scopes, acr values, the issuer parameter and the client authentication', () => {
    const config = parseConfig({ ...broker, IDIN_SCOPES: ' openid  idin ', IDIN_ACR_VALUES: 'urn:idin:loa3', IDIN_ISSUER_PARAM: 'bank', IDIN_CLIENT_AUTH: 'client_secret_post' });
    expect(config.identity).toMatchObject({ scopes: ['openid', 'idin'], acrValues: 'urn:idin:loa3', issuerParam: 'bank', clientAuth: 'client_secret_post' });
    expect(problemsOf({ IDIN_SCOPES: 'profile' })).toEqual([expect.stringMatching(/^IDIN_SCOPES: must include openid/)]);
    expect(problemsOf({ IDIN_ISSUER_PARAM: 'state' })).toEqual([expect.stringMatching(/^IDIN_ISSUER_PARAM:/)]);
    expect(problemsOf({ IDIN_ISSUER_PARAM: 'a b' })).toEqual([expect.stringMatching(/^IDIN_ISSUER_PARAM:/)]);
    expect(problemsOf({ IDIN_CLIENT_AUTH: 'private_key_jwt' })).toEqual([expect.stringMatching(/^IDIN_CLIENT_AUTH:/)]);
    expect(problemsOf({ IDIN_CLIENT_SECRET: 'short' })).toEqual([expect.stringMatching(/^IDIN_CLIENT_SECRET:/)]);
  });
});
