import { randomUUID } from 'node:crypto';
import { IDENTITY_PROVIDER, IDENTITY_SESSION_TTL_MS, type IdentitySessionResponse, type identitySessionRequestSchema, appPaths } from '@tessera/contracts';
import type { z } from 'zod';
import { idinIssuer } from '../adapters/identity/issuers.js';
import { exchangeFailureReason } from '../adapters/identity/oidc.js';
import type { IdentityPort } from '../adapters/identity/port.js';
import type { Config } from '../config.js';
import { PURPOSE } from '../crypto/index.js';
import { deleteExpiredIdentitySessions, insertIdentitySession } from '../db/repositories/identity-sessions.js';
import type { IdentityRequestSecrets } from '../domain/identity.js';
import { AppError, type FieldProblem } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { auditOf, type CustomerCall } from '../customer-call/call-gate.js';
import { identityFlowTypeOf } from './list-identity-providers.js';

/** Sessions whose 10 minutes ended this long ago, and that no customer call spent, are deleted. */
export const IDENTITY_SESSION_RETENTION_MS = 60 * 60 * 1000;

/** The one address a session may send the browser back to: the portal's own /callback page. */
export const identityCallbackUrl = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}${appPaths.callback}`;

/**
 * POST /api/Authentication/{themeCode}/session (x-flow-type PAYOUT or IDENTIFY): starts a bank
 * identity check and answers the provider's authorization URL.
 *
 * Order of checks: brand (404), flow (400 without a valid header, 403 FLOW_UNAVAILABLE), body (400
 * VALIDATION_ERROR), checked by the call gate and Fastify; then `redirectUrl` exactly PUBLIC_URL/callback (no open redirect: any other
 * origin, path, query or fragment is 400 VALIDATION_ERROR on redirectUrl) and `issuer` one of the
 * iDIN issuers' BICs (400 VALIDATION_ERROR on issuer).
 *
 * Writes one identity_sessions row (docs/decisions/014): the OpenID Connect state only as its
 * blind index, nonce and PKCE verifier encrypted, the web app's `state` to hand back, expiring 10
 * minutes later. Sessions long expired and unspent are deleted in the same transaction. Audited
 * as `identity.session.start`. A provider that cannot be reached is a 500 (logged), nothing written.
 */
export async function startIdentitySession(
  deps: ServiceDeps,
  identity: IdentityPort | undefined,
  call: CustomerCall,
  request: z.output<typeof identitySessionRequestSchema>,
): Promise<IdentitySessionResponse> {
  const { brand } = call;
  const flowType = identityFlowTypeOf(call.flowType);
  if (!identity) throw new AppError('FLOW_UNAVAILABLE');
  const audit = auditOf(call, 'identity.session.start');

  const problems: FieldProblem[] = [];
  if (request.redirectUrl !== identityCallbackUrl(deps.config)) {
    problems.push({ path: 'redirectUrl', message: "must be this portal's own /callback address" });
  }
  const issuer = idinIssuer(request.issuer);
  if (!issuer) problems.push({ path: 'issuer', message: 'not an iDIN issuer: use an id from the providers call' });
  if (problems.length > 0 || !issuer) {
    await deps.audit.record({ ...audit, outcome: 'validation_error', detail: problems.map((p) => p.path).join(', ') }, deps.now().toISOString());
    throw new AppError('VALIDATION_ERROR', undefined, problems);
  }

  let started;
  try {
    started = await identity.start(issuer.id);
  } catch (error) {
    await deps.audit.record({ ...audit, outcome: 'provider_unavailable', detail: exchangeFailureReason(error) }, deps.now().toISOString());
    // The global handler logs it and answers 500 INTERNAL_ERROR; the reason, not the error, so no URL or body is logged.
    throw new Error(`the identity provider cannot be reached (${exchangeFailureReason(error)})`);
  }

  const now = deps.now();
  const id = randomUUID();
  const secrets: IdentityRequestSecrets = started.secrets;
  await deps.db.transaction().execute(async (trx) => {
    await deleteExpiredIdentitySessions(trx, new Date(now.getTime() - IDENTITY_SESSION_RETENTION_MS).toISOString());
    await insertIdentitySession(trx, {
      id,
      brand_id: brand.id,
      flow_type: flowType,
      provider: IDENTITY_PROVIDER,
      issuer: issuer.id,
      redirect_url: request.redirectUrl,
      client_state: request.state,
      oidc_state_hash: deps.crypto.blindIndex.of(PURPOSE.identityState, started.state),
      request_ciphertext: deps.crypto.cipher.encrypt(JSON.stringify(secrets), PURPOSE.identityRequest),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDENTITY_SESSION_TTL_MS).toISOString(),
    });
  });
  await deps.audit.record({ ...audit, outcome: 'started', detail: `session ${id}, issuer ${issuer.id}` }, now.toISOString());
  return { authorizationUrl: started.authorizationUrl };
}
