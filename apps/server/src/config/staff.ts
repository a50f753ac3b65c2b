import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { flag, httpUrl, type Problems, type SettingsOf } from './settings.js';

/** Where the sandbox staff identity provider is mounted in demo mode: PUBLIC_URL + this path. */
export const SANDBOX_STAFF_PATH = '/sandbox/staff';
/** The back office's redirect URI, on its own origin. */
export const STAFF_CALLBACK_PATH = '/admin/auth/callback';
/** What `amr` values count as a second factor unless STAFF_MFA_AMR says otherwise (RFC 8176 names). */
export const DEFAULT_STAFF_MFA_AMR = ['mfa', 'otp', 'hwk', 'swk'] as const;

const amrList = z
  .string()
  .trim()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .refine((values) => values.length > 0 && values.every((s) => /^[\x21-\x7e]{1,64}$/.test(s)), 'comma-separated amr values (mfa,otp,hwk,swk)');

/** The back office: its origin and the staff's OpenID Connect provider (docs/decisions/030). */
export const staffSettings = {
  /** The back office's own https origin in production; without it production serves no back office. */
  ADMIN_URL: httpUrl.optional(),
  // Not httpUrl: an issuer identifier is compared exactly, a trailing slash included.
  STAFF_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  STAFF_OIDC_CLIENT_ID: z.string().regex(/^[\x21-\x7e]{1,255}$/, 'printable ASCII without spaces, at most 255 characters').optional(),
  STAFF_OIDC_CLIENT_SECRET: z.string().min(16, 'at least 16 characters').max(1024).optional(),
  STAFF_MFA_AMR: amrList.default([...DEFAULT_STAFF_MFA_AMR]),
  STAFF_MFA_REQUIRED: flag.default(true),
};

export interface StaffConfig {
  /** False: this server has no back office (production without ADMIN_URL); /admin/ answers 404. */
  enabled: boolean;
  /** The back office's origin: ADMIN_URL, or the portal's origin in demo mode. Origin checks compare with it. */
  origin: string;
  /** The host (host:port) whose requests the back office answers; every other host gets 404 under /admin/. */
  host: string;
  /** The sandbox staff provider at PUBLIC_URL/sandbox/staff (never in production). */
  sandbox: boolean;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** origin + /admin/auth/callback: the one redirect URI registered at the provider. */
  redirectUri: string;
  /** An ID token's `amr` must name one of these (unless mfaRequired is false). */
  mfaAmr: string[];
  mfaRequired: boolean;
  /** http issuers outside production only (the embedded sandbox on http://localhost). */
  allowInsecureRequests: boolean;
  /** Production: Secure cookies with the __Host- prefix (which requires Path=/). */
  secureCookies: boolean;
}

export function parseStaff(
  e: SettingsOf<typeof staffSettings>,
  urls: { publicUrl: string; pinFrameUrl: string },
  isProduction: boolean,
  problems: Problems,
): StaffConfig {
  const oidcNames = ['STAFF_OIDC_ISSUER', 'STAFF_OIDC_CLIENT_ID', 'STAFF_OIDC_CLIENT_SECRET'] as const;
  const given = oidcNames.filter((name) => e[name] !== undefined);
  if (given.length > 0 && given.length < oidcNames.length) {
    for (const name of oidcNames) if (e[name] === undefined) problems.push(`${name}: required with ${given.join(', ')}`);
  }
  const sandbox = given.length === 0 && !isProduction;
  const enabled = !isProduction || e.ADMIN_URL !== undefined;
  const origin = e.ADMIN_URL ? new URL(e.ADMIN_URL).origin : new URL(urls.publicUrl).origin;
  const sandboxIssuer = `${urls.publicUrl}${SANDBOX_STAFF_PATH}`;

  if (e.ADMIN_URL) {
    const host = new URL(e.ADMIN_URL).host;
    if (host === new URL(urls.publicUrl).host || host === new URL(urls.pinFrameUrl).host) {
      problems.push('ADMIN_URL: must be another host than PUBLIC_URL and PIN_FRAME_URL (the back office needs an origin of its own)');
    }
    if (new URL(e.ADMIN_URL).pathname !== '/') problems.push('ADMIN_URL: an origin only (https://admin.example.com), without a path');
  }
  if (isProduction && e.ADMIN_URL) {
    if (!e.ADMIN_URL.startsWith('https:')) problems.push('ADMIN_URL: must be https in production');
    if (given.length === 0) problems.push('STAFF_OIDC_ISSUER: required in production with ADMIN_URL (the staff\'s OpenID Connect provider), with STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET');
    if (e.STAFF_OIDC_ISSUER && !e.STAFF_OIDC_ISSUER.startsWith('https:')) problems.push('STAFF_OIDC_ISSUER: must be https in production');
    // The embedded sandbox lets anyone sign in as any demo staff member: never in front of real cards.
    const embedded = [sandboxIssuer, `${origin}${SANDBOX_STAFF_PATH}`];
    if (e.STAFF_OIDC_ISSUER && embedded.includes(e.STAFF_OIDC_ISSUER.replace(/\/+$/, ''))) {
      problems.push('STAFF_OIDC_ISSUER: the sandbox staff provider is refused in production (use your organisation\'s identity provider)');
    }
  }
  const issuerUrl = sandbox ? sandboxIssuer : (e.STAFF_OIDC_ISSUER ?? '');
  return {
    enabled,
    origin,
    host: new URL(origin).host,
    sandbox,
    issuerUrl,
    clientId: e.STAFF_OIDC_CLIENT_ID ?? 'tessera-back-office',
    // The sandbox's client and provider live in one process: a fresh secret each start does.
    clientSecret: e.STAFF_OIDC_CLIENT_SECRET ?? randomBytes(32).toString('base64url'),
    redirectUri: `${origin}${STAFF_CALLBACK_PATH}`,
    mfaAmr: e.STAFF_MFA_AMR,
    mfaRequired: e.STAFF_MFA_REQUIRED,
    allowInsecureRequests: !isProduction && issuerUrl.startsWith('http:'),
    secureCookies: isProduction,
  };
}
