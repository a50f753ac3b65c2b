import { stripCardNumber } from '@tessera/contracts';
import type { Transaction } from 'kysely';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { AuditEvent } from '../db/repositories/audit.js';
import { findCardByNumberIndex } from '../db/repositories/cards.js';
import { findIdentitySessionBySessionIdHash, spendIdentitySession } from '../db/repositories/identity-sessions.js';
import type { Database, IdentitySessionRow } from '../db/schema.js';
import { isIdentitySessionLive, type VerifiedIdentity } from '../domain/identity.js';
import { AppError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';

/**
 * The identity session of a customer call (PAYOUT, IDENTIFY; docs/decisions/014 "the customer
 * calls"): shared by pay-out-card.ts and register-card.ts.
 *
 * A session is found by the keyed hash of the sessionId the browser holds (the sessionId itself is
 * stored nowhere). It must be of the call's brand and flow, returned by the provider, and either
 * unspent and live (10 minutes from the session call), or already bound to this very card. It is
 * bound (spent) to the first card that proves its security code with it, inside that call's
 * transaction, whatever the call then answers; no other card can use it afterwards.
 */

export type CustomerFlow = 'PAYOUT' | 'IDENTIFY';

export const IDENTITY_SESSION_INVALID_MESSAGE = 'The identity check is not valid (any more) for this card; please identify again.';
export const USER_CANCELLED_MESSAGE = 'The identity check was cancelled.';
export const IDENTITY_FAILED_MESSAGE = 'The identity check did not succeed.';

export type SessionVerdict = { ok: true; bound: boolean } | { ok: false; reason: string };

/**
 * Whether a session may serve a call of `brandId` and `flow` for the card `cardId` (undefined:
 * the typed number names no card) at `now`. `bound`: it was already spent for this card (a
 * repeat, or a retry after a refusal); then it is accepted even when expired, so a repeat of a
 * call that succeeded still answers that success. The reason is for the audit trail only.
 */
export function judgeSession(
  session: IdentitySessionRow | undefined,
  brandId: string,
  flow: CustomerFlow,
  cardId: string | undefined,
  now: Date,
): SessionVerdict {
  if (!session) return { ok: false, reason: 'unknown session' };
  if (session.brand_id !== brandId) return { ok: false, reason: 'session of another brand' };
  if (session.flow_type !== flow) return { ok: false, reason: `session of flow ${session.flow_type}` };
  if (session.status === 'started') return { ok: false, reason: 'session not returned' };
  if (session.used_at !== null) {
    return session.card_id !== null && session.card_id === cardId ? { ok: true, bound: true } : { ok: false, reason: 'session spent by another card' };
  }
  if (!isIdentitySessionLive(session, now)) return { ok: false, reason: 'session expired' };
  return { ok: true, bound: false };
}

/** What a session is looked up by: the sessionId's blind index under each configured index key version. */
export const sessionIdHashOf = (crypto: Crypto, sessionId: string) => crypto.blindIndex.candidates(PURPOSE.identitySession, sessionId);

/**
 * The session checks before the card is looked at (the contract's order: the session, then the
 * card and its security code). A session already spent is accepted here only when the card of the
 * call is the card it was spent for: the typed card number's, or, when the call sends no card, the
 * card the session call bound (the security code of a typed card is checked next, as for any
 * call). A refusal is audited and thrown as IDENTITY_SESSION_INVALID.
 */
export async function requireCustomerSession(
  deps: ServiceDeps,
  input: { sessionIdHashes: readonly string[]; brandId: string; flow: CustomerFlow; cardNumber: string | undefined; audit: Omit<AuditEvent, 'outcome'> },
): Promise<IdentitySessionRow> {
  const now = deps.now();
  const session = await findIdentitySessionBySessionIdHash(deps.db, input.sessionIdHashes);
  let cardId: string | undefined;
  if (session?.used_at != null) {
    if (input.cardNumber === undefined) cardId = session.bound_card_id ?? undefined;
    else cardId = (await findCardByNumberIndex(deps.db, deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, stripCardNumber(input.cardNumber))))?.id;
  }
  const verdict = judgeSession(session, input.brandId, input.flow, cardId, now);
  if (!verdict.ok) {
    await deps.audit.record(
      { ...input.audit, outcome: 'session_invalid', detail: session ? `${verdict.reason} (session ${session.id})` : verdict.reason },
      now.toISOString(),
    );
    throw new AppError('IDENTITY_SESSION_INVALID', IDENTITY_SESSION_INVALID_MESSAGE);
  }
  return session!;
}

export type BoundSession =
  /** firstUse: this call spent the session; otherwise it was spent for this card before. */
  | { ok: true; session: IdentitySessionRow; firstUse: boolean }
  | { ok: false; reason: string };

/**
 * Inside the transaction that verified the card's security code: re-reads the session and binds
 * it to the card (a conditional update: of concurrent calls with one session for different cards,
 * exactly one binds it; PostgreSQL makes the others wait for its row lock and then see it taken).
 */
export async function bindSessionToCard(
  trx: Transaction<Database>,
  input: { sessionIdHashes: readonly string[]; brandId: string; flow: CustomerFlow; cardId: string },
  now: Date,
): Promise<BoundSession> {
  const read = () => findIdentitySessionBySessionIdHash(trx, input.sessionIdHashes);
  const session = await read();
  const verdict = judgeSession(session, input.brandId, input.flow, input.cardId, now);
  if (!verdict.ok) return verdict;
  if (verdict.bound) return { ok: true, session: session!, firstUse: false };
  const at = now.toISOString();
  if (await spendIdentitySession(trx, session!.id, input.cardId, at)) {
    return { ok: true, session: { ...session!, card_id: input.cardId, used_at: at }, firstUse: true };
  }
  // Another call spent it between the read and the update: for this card (a concurrent repeat) or another.
  const again = await read();
  const second = judgeSession(again, input.brandId, input.flow, input.cardId, now);
  return second.ok && second.bound ? { ok: true, session: again!, firstUse: false } : { ok: false, reason: second.ok ? 'session spent meanwhile' : second.reason };
}

export type ProviderOutcome =
  | { kind: 'verified'; identity: VerifiedIdentity; subjectHash: string; identityCiphertext: string }
  | { kind: 'cancelled' }
  /** detail: the provider's error code when it is a plain code (it is not secret), for the audit. */
  | { kind: 'failed'; detail: string };

/** What the provider answered for the session: a verified identity, a cancel, or a failure. */
export function providerOutcomeOf(crypto: Crypto, session: IdentitySessionRow): ProviderOutcome {
  if (session.status === 'cancelled') return { kind: 'cancelled' };
  const error = session.error && /^[a-z_]{1,64}$/.test(session.error) ? session.error : 'other';
  if (session.status !== 'verified') return { kind: 'failed', detail: `provider error ${error}` };
  if (!session.identity_ciphertext || !session.subject_hash) return { kind: 'failed', detail: 'verified without an identity' };
  const identity = JSON.parse(crypto.cipher.decrypt(session.identity_ciphertext, PURPOSE.identity)) as Partial<VerifiedIdentity>;
  if (typeof identity.name !== 'string' || identity.name.trim() === '' || typeof identity.subject !== 'string') {
    return { kind: 'failed', detail: 'verified identity without a name' };
  }
  return {
    kind: 'verified',
    identity: { name: identity.name.trim(), birthDate: identity.birthDate ?? null, subject: identity.subject, issuer: identity.issuer ?? '' },
    subjectHash: session.subject_hash,
    identityCiphertext: session.identity_ciphertext,
  };
}

/** Throws the refusal a provider outcome other than verified stands for. */
export function refuseProviderOutcome(outcome: Exclude<ProviderOutcome, { kind: 'verified' }>): never {
  if (outcome.kind === 'cancelled') throw new AppError('USER_CANCELLED', USER_CANCELLED_MESSAGE);
  throw new AppError('IDENTITY_FAILED', IDENTITY_FAILED_MESSAGE);
}
