import { identifyCustomerQuerySchema, identifyCustomerRequestSchema, type IdentifyCustomerResponse } from '@tessera/contracts';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import { updateCard } from '../../db/repositories/cards.js';
import { findCardRegistration, insertCardRegistration } from '../../db/repositories/identity-sessions.js';
import { payoutsOfCard } from '../../db/repositories/payouts.js';
import { isUsableGiftCard } from '../../domain/card-state.js';
import { truncateAddress } from '../../domain/client-address.js';
import { isIdentitySessionLive } from '../../domain/identity.js';
import { PURPOSE } from '../../crypto/index.js';
import { AppError } from '../../errors.js';
import type { RequestContext, ServiceDeps } from '../../deps.js';
import { requireBrandOfPath, requireOfferedFlowType } from '../../customer-call/brand-gate.js';
import { checkCardSecretAndWrite, type VerifiedWrite } from '../../customer-call/card-secret-check.js';
import {
  auditedCheck,
  bindSessionToCard,
  IDENTITY_SESSION_INVALID_MESSAGE,
  providerOutcomeOf,
  refuseProviderOutcome,
  requireCustomerSession,
  sessionIdHashOf,
} from '../../identity/customer-session.js';
import { fieldProblems } from '../../customer-call/validate.js';

type Outcome =
  | { kind: 'registered' }
  | { kind: 'session_invalid' }
  | { kind: 'cancelled' }
  | { kind: 'identity_failed' }
  | { kind: 'already_registered' };

/**
 * IDENTIFY customer call (POST /api/Authentication/{slug}/customer?sessionId=…, x-flow-type
 * IDENTIFY): registers the card to the identity the bank verified.
 *
 * Order of checks as the PAYOUT call: brand (404 THEME_NOT_FOUND), flow IDENTIFY (403
 * FLOW_UNAVAILABLE), body and query (400 VALIDATION_ERROR), the identity session (400
 * IDENTITY_SESSION_INVALID), card and security code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS).
 * Then in the transaction that verified the security code: the session is bound to the card
 * (spent); a repeat of a registration made with this session answers it again; cancelled →
 * USER_CANCELLED, failed → IDENTITY_FAILED; a card registered before (any session) or paid out →
 * CARD_ALREADY_REGISTERED; otherwise the registration (identity encrypted, subject hash), the card's
 * registered_at and the audit events `identify.customer` and `card.register`. The answer is the
 * card number as typed, without spaces (docs/product/identify.md#screens success shows it in blocks
 * of 4).
 */
export async function registerCard(
  deps: ServiceDeps,
  ctx: RequestContext,
  themeCode: unknown,
  query: unknown,
  body: unknown,
): Promise<IdentifyCustomerResponse> {
  const client = truncateAddress(ctx.clientAddress);
  const { brand, flows } = await requireBrandOfPath(deps.brands, themeCode);
  const audit = { type: 'identify.customer', brandId: brand.id, flowType: ctx.flowTypeHeader === 'IDENTIFY' ? 'IDENTIFY' : null, client };
  const refuseEarly = auditedCheck(deps, audit);
  const flowType = await refuseEarly(() => requireOfferedFlowType(ctx.flowTypeHeader, ['IDENTIFY'], flows));
  const { request, sessionId } = await refuseEarly(() => {
    const parsedBody = identifyCustomerRequestSchema.safeParse(body);
    const parsedQuery = identifyCustomerQuerySchema.safeParse(query ?? {});
    if (!parsedBody.success || !parsedQuery.success) {
      throw new AppError('VALIDATION_ERROR', undefined, [
        ...(parsedBody.success ? [] : fieldProblems(parsedBody.error.issues)),
        ...(parsedQuery.success ? [] : fieldProblems(parsedQuery.error.issues)),
      ]);
    }
    return { request: parsedBody.data, sessionId: parsedQuery.data.sessionId };
  });
  const sessionIdHash = sessionIdHashOf(deps.crypto, sessionId);
  await requireCustomerSession(deps, { sessionIdHash, brandId: brand.id, flow: 'IDENTIFY', cardNumber: request.cardNumber, audit });

  const result = await checkCardSecretAndWrite<Outcome>(deps, {
    cardNumber: request.cardNumber,
    secret: request.securityCode,
    secretKind: 'security_code',
    accepts: (card) => card.brand_id === brand.id && isUsableGiftCard(card.kind, card.state),
    audit,
    write: async (trx, { card, now }): Promise<VerifiedWrite<Outcome>> => {
      const at = now.toISOString();
      const bound = await bindSessionToCard(trx, { sessionIdHash, brandId: brand.id, flow: 'IDENTIFY', cardId: card.id }, now);
      if (!bound.ok) return { value: { kind: 'session_invalid' }, outcome: 'session_invalid', detail: bound.reason };
      const { session } = bound;
      const ref = `session ${session.id}`;
      const registration = await findCardRegistration(trx, card.id);

      if (!bound.firstUse) {
        if (registration?.identity_session_id === session.id) {
          return { value: { kind: 'registered' }, outcome: 'repeat', detail: `${ref}: registration answered again` };
        }
        if (!isIdentitySessionLive(session, now)) return { value: { kind: 'session_invalid' }, outcome: 'session_invalid', detail: `${ref}: expired` };
      }

      const provider = providerOutcomeOf(deps.crypto, session);
      if (provider.kind === 'cancelled') return { value: { kind: 'cancelled' }, outcome: 'user_cancelled', detail: ref };
      if (provider.kind === 'failed') return { value: { kind: 'identity_failed' }, outcome: 'identity_failed', detail: `${ref}: ${provider.detail}` };

      const paidOut = card.paid_out_at !== null || (await payoutsOfCard(trx, card.id)).some((p) => p.status !== 'failed');
      if (registration || card.registered_at !== null || paidOut) {
        return { value: { kind: 'already_registered' }, outcome: 'already_registered', detail: `${ref}: ${paidOut ? 'paid out' : 'registered'} before` };
      }

      await insertCardRegistration(trx, {
        card_id: card.id,
        brand_id: brand.id,
        identity_session_id: session.id,
        subject_hash: provider.subjectHash,
        identity_ciphertext: deps.crypto.cipher.encrypt(JSON.stringify(provider.identity), PURPOSE.identity),
        created_at: at,
      });
      await updateCard(trx, card.id, { registered_at: at, updated_at: at });
      await recordAuditEvent(trx, { type: 'card.register', outcome: 'registered', brandId: brand.id, cardId: card.id, flowType, client, detail: ref }, at);
      return { value: { kind: 'registered' }, outcome: 'registered', detail: ref };
    },
  });
  if (!result.ok) throw new AppError(result.code);
  switch (result.value.kind) {
    case 'registered':
      return { cardNumber: request.cardNumber };
    case 'session_invalid':
      throw new AppError('IDENTITY_SESSION_INVALID', IDENTITY_SESSION_INVALID_MESSAGE);
    case 'cancelled':
      return refuseProviderOutcome({ kind: 'cancelled' });
    case 'identity_failed':
      return refuseProviderOutcome({ kind: 'failed', detail: '' });
    case 'already_registered':
      throw new AppError('CARD_ALREADY_REGISTERED', 'This card has already been registered or paid out.');
  }
}
