import { randomBytes } from 'node:crypto';
import type { SignInRefusal } from '@tessera/contracts/admin';
import * as client from 'openid-client';
import { PURPOSE } from '../../crypto/index.js';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import { findStaffGrants } from '../../db/repositories/staff-grants.js';
import { insertStaffLogin, takeStaffLogin } from '../../db/repositories/staff-logins.js';
import type { ServiceDeps } from '../../deps.js';
import { staffSessionAuditFields } from '../audit-fields.js';
import { LOGIN_TTL_SECONDS } from '../session-cookie.js';
import { startStaffSession } from '../sessions.js';
import type { StaffLoginSecrets, StaffOidc } from './staff-oidc.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now' | 'config'>;

/**
 * Starts a sign-in: a fresh state, nonce and PKCE verifier, kept in the database (so any replica
 * finishes it) under the state's keyed hash, bound to this browser by the keyed hash of a random
 * value the browser keeps in a cookie. Answers where to send the browser and that value.
 */
export async function startSignIn(deps: Deps, oidc: StaffOidc, returnTo: string): Promise<{ authorizationUrl: string; browserSecret: string }> {
  const state = client.randomState();
  const secrets: StaffLoginSecrets = { nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier(), returnTo };
  const authorizationUrl = await oidc.authorizationUrl({ state, ...secrets });
  const browserSecret = randomBytes(32).toString('base64url');
  const now = deps.now();
  await insertStaffLogin(deps.db, {
    state_hash: deps.crypto.blindIndex.of(PURPOSE.staffLoginState, state),
    browser_hash: deps.crypto.blindIndex.of(PURPOSE.staffLoginBrowser, browserSecret),
    request_ciphertext: deps.crypto.cipher.encrypt(JSON.stringify(secrets), PURPOSE.staffLogin),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + LOGIN_TTL_SECONDS * 1000).toISOString(),
  });
  return { authorizationUrl, browserSecret };
}

export type SignInOutcome = { signedIn: true; sessionId: string; returnTo: string } | { signedIn: false; refusal: SignInRefusal };

export interface CallbackInput {
  params: URLSearchParams;
  browserSecret: string | undefined;
  userAgent: string | undefined;
  /** The truncated client address, for the audit trail. */
  client: string | null;
}

/**
 * Finishes a sign-in at the callback: the sign-in this state started, in this browser, not
 * expired; the provider's answer (code, PKCE, ID token with this nonce); an `email` not marked
 * unverified; a second factor in `amr` (unless STAFF_MFA_REQUIRED is off); at least one grant.
 * Then a new session. Every outcome is audited (`staff.sign_in`), a refusal with its reason.
 */
export async function finishSignIn(deps: Deps, oidc: StaffOidc, input: CallbackInput): Promise<SignInOutcome> {
  const outcome = await checkSignIn(deps, oidc, input);
  const at = deps.now().toISOString();
  if ('refusal' in outcome) {
    await recordAuditEvent(deps.db, { type: 'staff.sign_in', outcome: 'refused', ...(outcome.email ? staffSessionAuditFields(outcome.email, input.client, null) : { client: input.client }), detail: outcome.detail }, at);
    return { signedIn: false, refusal: outcome.refusal };
  }
  const sessionId = await startStaffSession(deps, { email: outcome.email, amr: outcome.amr, userAgent: input.userAgent });
  await recordAuditEvent(deps.db, { type: 'staff.sign_in', outcome: 'signed_in', ...staffSessionAuditFields(outcome.email, input.client, null), detail: `amr ${outcome.amr.join(',') || '-'}` }, at);
  return { signedIn: true, sessionId, returnTo: outcome.returnTo };
}

type Checked = { email: string; amr: string[]; returnTo: string } | { refusal: SignInRefusal; detail: string; email?: string };

async function checkSignIn(deps: Deps, oidc: StaffOidc, input: CallbackInput): Promise<Checked> {
  const state = input.params.get('state');
  if (!state || state.length > 512) return { refusal: 'expired', detail: 'no_state' };
  const row = await takeStaffLogin(deps.db, deps.crypto.blindIndex.candidates(PURPOSE.staffLoginState, state));
  if (!row) return { refusal: 'expired', detail: 'unknown_state' };
  if (Date.parse(row.expires_at) <= deps.now().getTime()) return { refusal: 'expired', detail: 'login_expired' };
  const browser: readonly string[] = input.browserSecret ? deps.crypto.blindIndex.candidates(PURPOSE.staffLoginBrowser, input.browserSecret) : [];
  // Another browser's sign-in: someone handing a victim their own callback (login CSRF).
  if (!browser.includes(row.browser_hash)) return { refusal: 'failed', detail: 'other_browser' };
  const secrets = JSON.parse(deps.crypto.cipher.decrypt(row.request_ciphertext, PURPOSE.staffLogin)) as StaffLoginSecrets;

  const error = input.params.get('error');
  if (error) return { refusal: 'failed', detail: `provider_${error.replace(/[^a-z_]/g, '').slice(0, 40)}` };
  let claims;
  try {
    claims = await oidc.exchange(input.params, { state, nonce: secrets.nonce, codeVerifier: secrets.codeVerifier });
  } catch (e) {
    return { refusal: 'failed', detail: (e as { reason?: string }).reason ?? 'exchange_failed' };
  }
  if (typeof claims.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(claims.email) || claims.email.length > 254) return { refusal: 'no_email', detail: 'no_email' };
  const email = claims.email.toLowerCase();
  if (claims.emailVerified === false || claims.emailVerified === 'false') return { refusal: 'email_unverified', detail: 'email_unverified', email };
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string').slice(0, 16) : [];
  const staff = deps.config.staff;
  if (staff.mfaRequired && !amr.some((value) => staff.mfaAmr.includes(value))) return { refusal: 'no_second_factor', detail: `amr ${amr.join(',') || '-'}`, email };
  if ((await findStaffGrants(deps.db, email)).length === 0) return { refusal: 'no_grant', detail: 'no_grant', email };
  return { email, amr, returnTo: secrets.returnTo };
}
