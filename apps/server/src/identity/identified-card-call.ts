import type { Transaction } from 'kysely';
import type { CardRow, Database, IdentitySessionRow } from '../db/schema.js';
import { isUsableGiftCard } from '../domain/card-state.js';
import { isIdentitySessionLive } from '../domain/identity.js';
import { AppError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { AuditFields, CustomerCall } from '../customer-call/call-gate.js';
import { checkCardSecretAndWrite, type VerifiedWrite } from '../customer-call/card-secret-check.js';
import { withBoundCard } from './bound-card.js';
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

/** A refusal before the card is looked at: audited with its outcome, then thrown; nothing changes. */
export interface EarlyRefusal {
  outcome: string;
  detail: string;
  error: AppError;
}

export interface IdentifiedCardSteps<T> {
  /**
   * Once the session is known, before the card: whether what the call sent agrees with what the
   * session call bound (PAYOUT: the IBAN). A refusal is audited and thrown, and costs no guess.
   */
  agree?(session: IdentitySessionRow): EarlyRefusal | undefined;
  /**
   * A session this card spent before: the earlier success's answer again, `{ invalid }` when the
   * session can no longer be used (say, its payout failed at the bank), or undefined to go on
   * while the session lives.
   */
  repeat(trx: Transaction<Database>, card: CardRow, ref: string, session: IdentitySessionRow): Promise<VerifiedWrite<T> | { invalid: string } | undefined>;
  /** The flow's work, in the transaction that verified the security code and bound the session. */
  act(trx: Transaction<Database>, identified: IdentifiedCard): Promise<VerifiedWrite<T>>;
}

type Step<T> = { kind: 'done'; value: T } | { kind: 'session_invalid' } | { kind: 'card_mismatch' } | { kind: 'cancelled' } | { kind: 'identity_failed' };

/** The answer when the card sent is not the card the session call bound. */
export const CARD_MISMATCH_MESSAGE = 'This identity check was started for another card; nothing was changed.';

/**
 * The skeleton both customer calls after a bank identity check share (PAYOUT pays out, IDENTIFY
 * registers; docs/decisions/014): the identity session is checked before the card (400
 * IDENTITY_SESSION_INVALID), then the card:
 * - sent (the spec's `cardNumber` and `securityCode`): the card and its security code under the
 *   guessing limits (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS), as always; when the session call
 *   bound a card, the card sent must be that card, else 400 VALIDATION_ERROR on cardNumber and
 *   nothing changes (the session stays unspent);
 * - not sent: the card the session call bound (bound-card.ts); a session started without the card
 *   is 400 VALIDATION_ERROR naming cardNumber and securityCode.
 * Before the card, `agree` may refuse what the call sent against what the session bound. In the
 * one transaction that verified the card (the card row locked on PostgreSQL; SQLite has one
 * writer): the session is bound to the card (spent), whatever follows; a session spent for this
 * card before answers the earlier success again (`repeat`) or, expired, IDENTITY_SESSION_INVALID;
 * the provider's outcome: cancelled → USER_CANCELLED, failed → IDENTITY_FAILED; then the flow's
 * own work (`act`). Every outcome is one audit event of the call's type.
 */
export async function withIdentifiedCard<T>(
  deps: ServiceDeps,
  call: CustomerCall,
  input: { flow: CustomerFlow; sessionId: string; cardNumber?: string; securityCode?: string; audit: AuditFields },
  steps: IdentifiedCardSteps<T>,
): Promise<T> {
  const { brand } = call;
  const { flow, audit } = input;
  const sent = input.cardNumber !== undefined && input.securityCode !== undefined ? { cardNumber: input.cardNumber, securityCode: input.securityCode } : undefined;
  const sessionIdHashes = sessionIdHashOf(deps.crypto, input.sessionId);
  const known = await requireCustomerSession(deps, { sessionIdHashes, brandId: brand.id, flow, cardNumber: sent?.cardNumber, audit });

  const refuse = async ({ outcome, detail, error }: EarlyRefusal): Promise<never> => {
    await deps.audit.record({ ...audit, outcome, detail }, deps.now().toISOString());
    throw error;
  };
  if (!sent && known.bound_card_id === null) {
    const message = 'required: this identity check was started without the card';
    await refuse({
      outcome: 'validation_error',
      detail: `session ${known.id}: no card sent and none bound`,
      error: new AppError('VALIDATION_ERROR', undefined, [
        { path: 'cardNumber', message },
        { path: 'securityCode', message },
      ]),
    });
  }
  const disagreement = steps.agree?.(known);
  if (disagreement) await refuse(disagreement);

  const done = (write: VerifiedWrite<T>): VerifiedWrite<Step<T>> => ({ ...write, value: { kind: 'done', value: write.value } });
  const write = async (trx: Transaction<Database>, { card, now }: { card: CardRow; now: Date }): Promise<VerifiedWrite<Step<T>>> => {
    const invalid = (detail: string): VerifiedWrite<Step<T>> => ({ value: { kind: 'session_invalid' }, outcome: 'session_invalid', detail });
    // The card bound at the session call never changes: the one read before the card will do.
    if (known.bound_card_id !== null && known.bound_card_id !== card.id) {
      return { value: { kind: 'card_mismatch' }, outcome: 'card_mismatch', detail: `session ${known.id}: not the card bound at the session call` };
    }
    const bound = await bindSessionToCard(trx, { sessionIdHashes, brandId: brand.id, flow, cardId: card.id }, now);
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
  };
  const accepts = (card: CardRow) => card.brand_id === brand.id && isUsableGiftCard(card);
  const result = sent
    ? await checkCardSecretAndWrite<Step<T>>(deps, { cardNumber: sent.cardNumber, secret: sent.securityCode, secretKind: 'security_code', accepts, audit, write })
    : await withBoundCard<Step<T>>(deps, { session: known, accepts, audit, write });
  if (!result.ok) throw new AppError(result.code, result.code === 'IDENTITY_SESSION_INVALID' ? IDENTITY_SESSION_INVALID_MESSAGE : undefined);
  const step = result.value;
  switch (step.kind) {
    case 'done':
      return step.value;
    case 'session_invalid':
      throw new AppError('IDENTITY_SESSION_INVALID', IDENTITY_SESSION_INVALID_MESSAGE);
    case 'card_mismatch':
      throw new AppError('VALIDATION_ERROR', CARD_MISMATCH_MESSAGE, [{ path: 'cardNumber', message: 'not the card this identity check was started with' }]);
    case 'cancelled':
      return refuseProviderOutcome({ kind: 'cancelled' });
    case 'identity_failed':
      return refuseProviderOutcome({ kind: 'failed', detail: '' });
  }
}
