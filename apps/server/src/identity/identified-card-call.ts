import type { Transaction } from 'kysely';
import type { CardRow, Database, IdentitySessionRow } from '../db/schema.js';
import { isUsableGiftCard } from '../domain/card-state.js';
import { isIdentitySessionLive } from '../domain/identity.js';
import { AppError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { AuditFields, CustomerCall } from '../customer-call/call-gate.js';
import { checkCardSecretAndWrite, type VerifiedWrite } from '../customer-call/card-secret-check.js';
import {
  bindSessionToCard,
  type CustomerFlow,
  IDENTITY_SESSION_INVALID_MESSAGE,
  type ProviderOutcome,
  providerOutcomeOf,
  refuseProviderOutcome,
  requireCustomerSession,
  sessionIdHashOf,
} from './customer-session.js';

/** The card, its bound session and the verified identity: what a flow acts on. */
export interface IdentifiedCard {
  card: CardRow;
  session: IdentitySessionRow;
  verified: Extract<ProviderOutcome, { kind: 'verified' }>;
  /** "session <id>": how the audit details name the session. */
  ref: string;
  now: Date;
}

export interface IdentifiedCardSteps<T> {
  /**
   * A session this card spent before: the earlier success's answer again, `{ invalid }` when the
   * session can no longer be used (say, its payout failed at the bank), or undefined to go on
   * while the session lives.
   */
  repeat(trx: Transaction<Database>, card: CardRow, ref: string, session: IdentitySessionRow): Promise<VerifiedWrite<T> | { invalid: string } | undefined>;
  /** The flow's work, in the transaction that verified the security code and bound the session. */
  act(trx: Transaction<Database>, identified: IdentifiedCard): Promise<VerifiedWrite<T>>;
}

type Step<T> = { kind: 'done'; value: T } | { kind: 'session_invalid' } | { kind: 'cancelled' } | { kind: 'identity_failed' };

/**
 * The skeleton both customer calls after a bank identity check share (PAYOUT pays out, IDENTIFY
 * registers; docs/decisions/014): the identity session is checked before the card (400
 * IDENTITY_SESSION_INVALID), then the card and its security code under the guessing limits (404
 * CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). In the one transaction that verified the code (the card
 * row locked on PostgreSQL; SQLite has one writer): the session is bound to the card (spent),
 * whatever follows; a session spent for this card before answers the earlier success again
 * (`repeat`) or, expired, IDENTITY_SESSION_INVALID; the provider's outcome: cancelled →
 * USER_CANCELLED, failed → IDENTITY_FAILED; then the flow's own work (`act`). Every outcome is
 * one audit event of the call's type.
 */
export async function withIdentifiedCard<T>(
  deps: ServiceDeps,
  call: CustomerCall,
  input: { flow: CustomerFlow; sessionId: string; cardNumber: string; securityCode: string; audit: AuditFields },
  steps: IdentifiedCardSteps<T>,
): Promise<T> {
  const { brand } = call;
  const { flow, audit } = input;
  const sessionIdHash = sessionIdHashOf(deps.crypto, input.sessionId);
  await requireCustomerSession(deps, { sessionIdHash, brandId: brand.id, flow, cardNumber: input.cardNumber, audit });

  const done = (write: VerifiedWrite<T>): VerifiedWrite<Step<T>> => ({ ...write, value: { kind: 'done', value: write.value } });
  const result = await checkCardSecretAndWrite<Step<T>>(deps, {
    cardNumber: input.cardNumber,
    secret: input.securityCode,
    secretKind: 'security_code',
    accepts: (card) => card.brand_id === brand.id && isUsableGiftCard(card.kind, card.state),
    audit,
    write: async (trx, { card, now }): Promise<VerifiedWrite<Step<T>>> => {
      const invalid = (detail: string): VerifiedWrite<Step<T>> => ({ value: { kind: 'session_invalid' }, outcome: 'session_invalid', detail });
      const bound = await bindSessionToCard(trx, { sessionIdHash, brandId: brand.id, flow, cardId: card.id }, now);
      if (!bound.ok) return invalid(bound.reason);
      const { session } = bound;
      const ref = `session ${session.id}`;

      if (!bound.firstUse) {
        const repeated = await steps.repeat(trx, card, ref, session);
        if (repeated && 'invalid' in repeated) return invalid(`${ref}: ${repeated.invalid}`);
        if (repeated) return done(repeated);
        if (!isIdentitySessionLive(session, now)) return invalid(`${ref}: expired`);
      }

      const verified = providerOutcomeOf(deps.crypto, session);
      if (verified.kind === 'cancelled') return { value: { kind: 'cancelled' }, outcome: 'user_cancelled', detail: ref };
      if (verified.kind === 'failed') return { value: { kind: 'identity_failed' }, outcome: 'identity_failed', detail: `${ref}: ${verified.detail}` };
      return done(await steps.act(trx, { card, session, verified, ref, now }));
    },
  });
  if (!result.ok) throw new AppError(result.code);
  const step = result.value;
  switch (step.kind) {
    case 'done':
      return step.value;
    case 'session_invalid':
      throw new AppError('IDENTITY_SESSION_INVALID', IDENTITY_SESSION_INVALID_MESSAGE);
    case 'cancelled':
      return refuseProviderOutcome({ kind: 'cancelled' });
    case 'identity_failed':
      return refuseProviderOutcome({ kind: 'failed', detail: '' });
  }
}
