import { randomUUID } from 'node:crypto';
import {
  IDENTITY_PROVIDER,
  IDENTITY_SESSION_TTL_MS,
  appPaths,
  checkPayoutIban,
  type IdentitySessionResponse,
  type identitySessionRequestSchema,
} from '@tessera/contracts';
import type { z } from 'zod';
import { idinIssuer } from '../adapters/identity/issuers.js';
import { exchangeFailureReason } from '../adapters/identity/oidc.js';
import type { IdentityPort } from '../adapters/identity/port.js';
import type { Config } from '../config/index.js';
import { PURPOSE } from '../crypto/index.js';
import { deleteExpiredIdentitySessions, insertIdentitySession } from '../db/repositories/identity-sessions.js';
import type { IdentityRequestSecrets } from '../domain/identity.js';
import { AppError, type FieldProblem } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { auditOf, type AuditFields, type CustomerCall } from '../customer-call/call-gate.js';
import { checkCardSecret } from '../customer-call/card-secret-check.js';
import { isUsableGiftCard } from '../domain/card-state.js';
import { identityFlowTypeOf } from './list-identity-providers.js';
import { IBAN_BANK_MISMATCH_MESSAGE, IBAN_MESSAGES } from './payout-iban.js';

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
 * With the optional card fields (docs/decisions/014, 2026-11-26), in the same order as the
 * customer call would check them, before the provider is asked: PAYOUT needs `bankAccountNumber`
 * with the card and IDENTIFY takes none (400 VALIDATION_ERROR); the IBAN as the PAYOUT customer
 * call checks it (checksum, Dutch bank, iDIN: 400 VALIDATION_ERROR on bankAccountNumber; another
 * bank than `issuer`: 400 IBAN_BANK_MISMATCH), so no guess is spent on a request that would fail
 * anyway; then the card and its security code under the guessing limits, answered as the lookup
 * answers them (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). The card, the matching security
 * code's row and the IBAN (encrypted) are then bound to the session.
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
  const iban = ibanToBind(flowType, request, problems);
  if (problems.length > 0 || !issuer) {
    await deps.audit.record({ ...audit, outcome: 'validation_error', detail: problems.map((p) => p.path).join(', ') }, deps.now().toISOString());
    throw new AppError('VALIDATION_ERROR', undefined, problems);
  }
  if (iban && iban.bic !== issuer.id) {
    await deps.audit.record({ ...audit, outcome: 'iban_bank_mismatch', detail: `IBAN of ${iban.bic}, issuer ${issuer.id}` }, deps.now().toISOString());
    throw new AppError('IBAN_BANK_MISMATCH', IBAN_BANK_MISMATCH_MESSAGE);
  }
  const bound = await cardToBind(deps, call, request, audit);

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
      ...(bound && {
        bound_card_id: bound.cardId,
        bound_secret_id: bound.secretId,
        bound_iban_ciphertext: iban ? deps.crypto.cipher.encrypt(iban.iban, PURPOSE.identityIban) : null,
      }),
    });
  });
  const detail = `session ${id}, issuer ${issuer.id}${bound ? (iban ? ', card and IBAN bound' : ', card bound') : ''}`;
  await deps.audit.record({ ...audit, outcome: 'started', cardId: bound?.cardId ?? null, detail }, now.toISOString());
  return { authorizationUrl: started.authorizationUrl };
}

type SessionRequest = z.output<typeof identitySessionRequestSchema>;

/**
 * The IBAN a PAYOUT session call binds, checked as the PAYOUT customer call checks it; problems
 * are added to `problems`. PAYOUT with the card needs it (a card bound without its IBAN would let
 * whoever holds the sessionId name the account); IDENTIFY has no account.
 */
function ibanToBind(flowType: 'PAYOUT' | 'IDENTIFY', request: SessionRequest, problems: FieldProblem[]): { iban: string; bic: string } | undefined {
  const withCard = request.cardNumber !== undefined;
  if (flowType === 'IDENTIFY') {
    if (request.bankAccountNumber !== undefined) problems.push({ path: 'bankAccountNumber', message: 'not part of an IDENTIFY session' });
    return undefined;
  }
  if (!withCard) return undefined;
  if (request.bankAccountNumber === undefined) {
    problems.push({ path: 'bankAccountNumber', message: 'required with cardNumber and securityCode for PAYOUT' });
    return undefined;
  }
  const checked = checkPayoutIban(request.bankAccountNumber);
  if (!checked.ok) {
    problems.push({ path: 'bankAccountNumber', message: IBAN_MESSAGES[checked.reason] });
    return undefined;
  }
  return { iban: checked.iban, bic: checked.bank.bic };
}

/**
 * The card the session call was given, checked as the lookup checks it: an active gift card of the
 * brand, its security code under the guessing limits (a refusal is audited by the check and thrown
 * as the lookup throws it). Undefined when the call carries no card.
 */
async function cardToBind(
  deps: ServiceDeps,
  call: CustomerCall,
  request: SessionRequest,
  audit: AuditFields,
): Promise<{ cardId: string; secretId: string } | undefined> {
  if (request.cardNumber === undefined || request.securityCode === undefined) return undefined;
  const { brand } = call;
  const result = await checkCardSecret(deps, {
    cardNumber: request.cardNumber,
    secret: request.securityCode,
    secretKind: 'security_code',
    accepts: (card) => card.brand_id === brand.id && isUsableGiftCard(card),
    audit,
    readAfter: async () => undefined,
  });
  if (!result.ok) throw new AppError(result.code);
  return { cardId: result.card.id, secretId: result.secretId };
}
