import { randomBytes } from 'node:crypto';
import { identityApi } from '@tessera/contracts';
import { z } from 'zod';
import type { Problems, SettingsOf } from './settings.js';

/** sandbox: the iDIN provider inside this server (demo, development); oidc: an iDIN broker; off: no bank identity. */
const IDENTITY_ADAPTERS = ['sandbox', 'oidc', 'off'] as const;
const IDIN_CLIENT_AUTHS = ['client_secret_basic', 'client_secret_post'] as const;
export type IdentityAdapter = (typeof IDENTITY_ADAPTERS)[number];
/** Where the sandbox iDIN provider is mounted: its issuer is PUBLIC_URL + this path. */
export const SANDBOX_IDIN_PATH = '/sandbox/idin';
/** The server's own redirect URI, registered at the identity provider (identityApi.return). */
export const IDENTITY_RETURN_PATH = identityApi.return.pattern;
/** Authorization request parameters the client sets itself: IDIN_ISSUER_PARAM may not be one of them. */
const RESERVED_AUTHORIZATION_PARAMS = new Set([
  'client_id', 'response_type', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method',
  'acr_values', 'prompt', 'max_age', 'response_mode', 'request', 'request_uri', 'claims', 'login_hint', 'id_token_hint',
]);

/** Bank identity (iDIN over OpenID Connect; docs/decisions/014). */
export const identitySettings = {
  IDENTITY_ADAPTER: z.enum(IDENTITY_ADAPTERS).optional(),
  // Not httpUrl: an issuer identifier is compared exactly, a trailing slash included.
  IDIN_ISSUER_URL: z.url({ protocol: /^https?$/ }).optional(),
  IDIN_CLIENT_ID: z.string().regex(/^[\x21-\x7e]{1,255}$/, 'printable ASCII without spaces, at most 255 characters').optional(),
  IDIN_CLIENT_SECRET: z.string().min(16, 'at least 16 characters').max(1024).optional(),
  IDIN_CLIENT_AUTH: z.enum(IDIN_CLIENT_AUTHS).default('client_secret_basic'),
  IDIN_SCOPES: z
    .string()
    .trim()
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .refine((scopes) => scopes.every((s) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s)), 'space-separated scope names')
    .refine((scopes) => scopes.includes('openid'), 'must include openid')
    .default(['openid']),
  IDIN_ACR_VALUES: z.string().trim().regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, 'space-separated values').optional(),
  IDIN_ISSUER_PARAM: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'a parameter name: a letter, then letters, digits, _ . or -')
    .refine((v) => !RESERVED_AUTHORIZATION_PARAMS.has(v), 'a parameter the client sets itself (state, scope, …)')
    .default('idin_issuer'),
};

/** How the server reaches the iDIN identity provider (docs/decisions/014). */
export interface IdentityConfig {
  adapter: IdentityAdapter;
  /** The OpenID Connect issuer; for the sandbox PUBLIC_URL + /sandbox/idin. Empty when off. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  clientAuth: (typeof IDIN_CLIENT_AUTHS)[number];
  scopes: string[];
  acrValues: string | undefined;
  /** The authorization parameter that carries the chosen bank's BIC. */
  issuerParam: string;
  /** PUBLIC_URL + /api/Authentication/return: the one redirect URI. */
  redirectUri: string;
  /** http issuers are allowed outside production only (the embedded sandbox on http://localhost). */
  allowInsecureRequests: boolean;
}

export function parseIdentity(e: SettingsOf<typeof identitySettings>, publicUrl: string, isProduction: boolean, problems: Problems): IdentityConfig {
  // The sandbox is the embedded default outside production and refused in it; a production
  // without an iDIN broker has no bank identity (PAYOUT and IDENTIFY then refuse).
  const adapter: IdentityAdapter = e.IDENTITY_ADAPTER ?? (e.IDIN_ISSUER_URL ? 'oidc' : isProduction ? 'off' : 'sandbox');
  if (isProduction && adapter === 'sandbox') {
    problems.push('IDENTITY_ADAPTER: the sandbox iDIN provider is refused in production (use oidc with your iDIN broker)');
  }
  let issuerUrl = '';
  if (adapter === 'sandbox') {
    if (e.IDIN_ISSUER_URL) problems.push(`IDIN_ISSUER_URL: not used with the sandbox (its issuer is PUBLIC_URL${SANDBOX_IDIN_PATH})`);
    issuerUrl = `${publicUrl}${SANDBOX_IDIN_PATH}`;
  } else if (adapter === 'oidc') {
    if (!e.IDIN_ISSUER_URL) problems.push('IDIN_ISSUER_URL: required when IDENTITY_ADAPTER is oidc (the iDIN broker\'s OpenID Connect issuer)');
    if (!e.IDIN_CLIENT_ID) problems.push('IDIN_CLIENT_ID: required when IDENTITY_ADAPTER is oidc');
    if (!e.IDIN_CLIENT_SECRET) problems.push('IDIN_CLIENT_SECRET: required when IDENTITY_ADAPTER is oidc');
    if (isProduction && e.IDIN_ISSUER_URL && !e.IDIN_ISSUER_URL.startsWith('https:')) problems.push('IDIN_ISSUER_URL: must be https in production');
    issuerUrl = e.IDIN_ISSUER_URL ?? '';
  }
  return {
    adapter,
    issuerUrl,
    clientId: e.IDIN_CLIENT_ID ?? 'tessera-portal',
    // The sandbox's client and provider live in one process: a fresh secret each start does.
    clientSecret: e.IDIN_CLIENT_SECRET ?? randomBytes(32).toString('base64url'),
    clientAuth: e.IDIN_CLIENT_AUTH,
    scopes: e.IDIN_SCOPES,
    acrValues: e.IDIN_ACR_VALUES,
    issuerParam: e.IDIN_ISSUER_PARAM,
    redirectUri: `${publicUrl}${IDENTITY_RETURN_PATH}`,
    allowInsecureRequests: !isProduction && issuerUrl.startsWith('http:'),
  };
}
