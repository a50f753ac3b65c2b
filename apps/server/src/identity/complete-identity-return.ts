import { randomBytes } from 'node:crypto';
import { exchangeFailureReason, reasonCode } from '../adapters/identity/oidc.js';
import type { IdentityPort } from '../adapters/identity/port.js';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import { completeIdentitySession, findIdentitySessionByStateHash } from '../db/repositories/identity-sessions.js';
import type { IdentitySessionsTable } from '../db/schema.js';
import { truncateAddress } from '../domain/client-address.js';
import { type IdentityRequestSecrets, isIdentitySessionLive, type VerifiedIdentity } from '../domain/identity.js';
import type { RequestContext, ServiceDeps } from '../deps.js';

/** A return's query is a handful of short parameters; anything longer is not one. */
const MAX_QUERY_LENGTH = 4096;

/** The blind index that recognises one person at one provider across sessions (PURPOSE.identitySubject). */
export const identitySubjectHash = (crypto: Crypto, identity: Pick<VerifiedIdentity, 'issuer' | 'subject'>) =>
  crypto.blindIndex.of(PURPOSE.identitySubject, `${identity.issuer} ${identity.subject}`);

/** The sessionId the browser gets: 32 random bytes, base64url (43 characters); stored only as its blind index. */
export const newIdentitySessionId = () => randomBytes(32).toString('base64url');

export type IdentityReturnResult =
  /** 303 to the portal's /callback with the web app's state and the new sessionId. */
  | { kind: 'redirect'; location: string }
  /** Unknown or missing state, a session already returned, or expired: an error page, nothing changed. */
  | { kind: 'refused' };

type Outcome = Pick<IdentitySessionsTable, 'status' | 'error' | 'identity_ciphertext' | 'subject_hash'>;

/**
 * GET /api/Authentication/return: the redirect URI the identity provider sends the browser to
 * (docs/decisions/014).
 *
 * The session is found by the blind index of `state`. An unknown state, a session already
 * returned, or one past its 10 minutes is refused: the route shows an error page and nothing
 * changes. Otherwise the provider's answer completes the session:
 * - `error=access_denied` → cancelled; any other `error` → failed (its code kept);
 * - a `code` → exchanged (openid-client: state, iss, PKCE, ID token signature, issuer, audience,
 *   expiry, nonce); the verified identity is stored encrypted, the subject as a blind index →
 *   verified; an exchange that fails (bad or replayed code, bad ID token, provider down) → failed.
 * Each completion gets a fresh sessionId (only its blind index is stored) and sends the browser to
 * redirect_url?state=<the web app's state>&sessionId=<sessionId>, where the web app calls the
 * customer call. The completion is a conditional update: of two returns at once only one
 * completes the session; the other is refused. Audited as `identity.session.return`; nothing
 * secret (state, code, sessionId, tokens, name, birth date) reaches the audit trail or a log.
 */
export async function completeIdentityReturn(
  deps: ServiceDeps,
  identity: IdentityPort | undefined,
  ctx: RequestContext,
  rawQuery: string,
): Promise<IdentityReturnResult> {
  const client = truncateAddress(ctx.clientAddress);
  const refuse = async (detail: string, session?: { brand_id: string; flow_type: string; id: string }): Promise<IdentityReturnResult> => {
    await deps.audit.record(
      {
        type: 'identity.session.return',
        outcome: 'refused',
        brandId: session?.brand_id ?? null,
        flowType: session?.flow_type ?? null,
        client,
        detail: session ? `session ${session.id}: ${detail}` : detail,
      },
      deps.now().toISOString(),
    );
    return { kind: 'refused' };
  };

  if (!identity) return refuse('identity is off');
  if (rawQuery.length > MAX_QUERY_LENGTH) return refuse('query too long');
  const params = new URLSearchParams(rawQuery);
  const states = params.getAll('state');
  if (states.length !== 1 || states[0]!.length === 0 || states[0]!.length > 512) return refuse('no single state');
  const state = states[0]!;

  const session = await findIdentitySessionByStateHash(deps.db, deps.crypto.blindIndex.candidates(PURPOSE.identityState, state));
  if (!session) return refuse('unknown state');
  if (session.status !== 'started') return refuse(`already returned (${session.status})`, session);
  if (!isIdentitySessionLive(session, deps.now())) return refuse('expired', session);

  let outcome: Outcome;
  const error = params.get('error');
  if (error !== null) {
    outcome =
      error === 'access_denied'
        ? { status: 'cancelled', error: 'access_denied', identity_ciphertext: null, subject_hash: null }
        : { status: 'failed', error: reasonCode(error), identity_ciphertext: null, subject_hash: null };
  } else if (!params.get('code')) {
    outcome = { status: 'failed', error: 'code_missing', identity_ciphertext: null, subject_hash: null };
  } else {
    try {
      const secrets = JSON.parse(deps.crypto.cipher.decrypt(session.request_ciphertext, PURPOSE.identityRequest)) as IdentityRequestSecrets;
      const verified = await identity.finish(params, { state, secrets });
      outcome = {
        status: 'verified',
        error: null,
        identity_ciphertext: deps.crypto.cipher.encrypt(JSON.stringify(verified), PURPOSE.identity),
        subject_hash: identitySubjectHash(deps.crypto, verified),
      };
    } catch (exchangeError) {
      outcome = { status: 'failed', error: exchangeFailureReason(exchangeError), identity_ciphertext: null, subject_hash: null };
    }
  }

  const sessionId = newIdentitySessionId();
  const now = deps.now();
  const completed = await completeIdentitySession(deps.db, session.id, {
    ...outcome,
    session_id_hash: deps.crypto.blindIndex.of(PURPOSE.identitySession, sessionId),
    returned_at: now.toISOString(),
  });
  if (!completed) return refuse('completed by a concurrent return', session);
  await deps.audit.record(
    {
      type: 'identity.session.return',
      outcome: outcome.status,
      brandId: session.brand_id,
      flowType: session.flow_type,
      client,
      detail: `session ${session.id}, issuer ${session.issuer}${outcome.error ? `: ${outcome.error}` : ''}`,
    },
    now.toISOString(),
  );

  const location = new URL(session.redirect_url);
  location.searchParams.set('state', session.client_state);
  location.searchParams.set('sessionId', sessionId);
  return { kind: 'redirect', location: location.href };
}
