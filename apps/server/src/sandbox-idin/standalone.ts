import { z } from 'zod';
import { IDENTITY_RETURN_PATH, type IdentityConfig } from '../config/index.js';
import { listenUntilSignalled, standaloneApp, standaloneEnv, standaloneSettings } from '../sandbox-oidc/standalone-server.js';
import { sandboxIdinRoutes } from './index.js';

/**
 * The sandbox bank as a process of its own (dist/sandbox-idin.js): a stand-in for an iDIN broker
 * where a rehearsal or an acceptance environment runs the portal in production shape
 * (IDENTITY_ADAPTER=oidc, IDIN_ISSUER_URL pointing here). It is the same OpenID Connect provider
 * the embedded default mounts, on its own origin; the portal cannot tell it from a broker. Anyone
 * passes its identity check, so it never belongs in front of real cards.
 *
 * Settings: SANDBOX_ISSUER_URL (the public https issuer, path included), SANDBOX_PORTAL_URL (the
 * portal's PUBLIC_URL: its return endpoint is the one redirect URI), SANDBOX_CLIENT_ID,
 * SANDBOX_CLIENT_SECRET, SANDBOX_CLIENT_AUTH, PORT, HOST, TRUST_PROXY (true behind a TLS proxy).
 */
const e = standaloneEnv('sandbox iDIN', {
  ...standaloneSettings,
  SANDBOX_PORTAL_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
  SANDBOX_CLIENT_AUTH: z.enum(['client_secret_basic', 'client_secret_post']).default('client_secret_basic'),
});

const identity: IdentityConfig = {
  adapter: 'sandbox',
  issuerUrl: e.SANDBOX_ISSUER_URL,
  clientId: e.SANDBOX_CLIENT_ID,
  clientSecret: e.SANDBOX_CLIENT_SECRET,
  clientAuth: e.SANDBOX_CLIENT_AUTH,
  scopes: ['openid'],
  acrValues: undefined,
  issuerParam: 'idin_issuer',
  redirectUri: `${e.SANDBOX_PORTAL_URL}${IDENTITY_RETURN_PATH}`,
  allowInsecureRequests: false,
};
const trustProxy = e.TRUST_PROXY === 'true';
const app = await standaloneApp(trustProxy, (scope) => scope.register(sandboxIdinRoutes, { identity, trustProxy, now: () => new Date() }));
await listenUntilSignalled(app, e.PORT, e.HOST);
