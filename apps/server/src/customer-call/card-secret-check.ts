import { type ErrorCode, stripCardNumber } from '@tessera/contracts';
import type { Transaction } from 'kysely';
import { PURPOSE } from '../crypto/index.js';
import { recordAuditEvent, type AuditEvent } from '../db/repositories/audit.js';
import { findCardWithCurrentSecret, findCurrentSecret, spendAttempt } from '../db/repositories/card-secrets.js';
import { carryNumberGuesses, countNumberGuess, lockNumberGuesses } from '../db/repositories/number-guesses.js';
import { findCardByNumberIndex, incrementFailedAttempts, isCardStillClean, resetFailedAttempts, updateCard } from '../db/repositories/cards.js';
import type { CardRow, CardSecretRow, CardSecretsTable, Database } from '../db/schema.js';
import { afterWrongSecret, GUESSING_LOCK_AFTER, guessingGate } from '../domain/guessing-policy.js';
import type { ServiceDeps } from '../deps.js';
import { noteLockout, noteNumberLockout } from './lockout.js';

export type SecretRefusal = {
  ok: false;
  code: Extract<ErrorCode, 'CARD_NOT_FOUND' | 'TOO_MANY_REQUESTS'>;
  /** A lockout SMS was queued in the refusal's transaction: wake the outbox once it has committed. */
  messageQueued?: boolean;
};

/** `secretId`: the secret row that matched (the identity session call binds it, docs/decisions/014). */
export type SecretCheckResult<T> = { ok: true; card: CardRow; secretId: string; read: T } | SecretRefusal;

/** What every secret check is given: which card, which secret, which cards qualify, how to audit. */
export interface SecretCheckBase {
  cardNumber: string;
  secret: string;
  secretKind: CardSecretsTable['kind'];
  /**
   * One-time codes: what the code must have been sent for (activation, recovery). A code sent
   * for another purpose does not match. A wrong code also uses up one of the code's tries
   * (attempts_left); at 0 the code stops working.
   */
  purpose?: string;
  /** Which cards qualify (brand, kind, state); a card that does not is "not found". */
  accepts: (card: CardRow) => boolean;
  audit: Omit<AuditEvent, 'cardId' | 'outcome'>;
}

export interface SecretCheckInput<T> extends SecretCheckBase {
  /**
   * What the caller reads about an accepted card (its balances). On the read-only path it runs
   * while the success event is being written; either way the result comes back only once the
   * audit event has committed.
   */
  readAfter: (card: CardRow) => Promise<T>;
}

/**
 * Finds a card by number and checks one of its secrets under the guessing policy. Wrong number
 * and wrong secret look the same.
 *
 * First a read-only look (card and current secret in one statement). When it shows an eligible,
 * unlocked card with no failed attempts and the secret matches, and the card's counters are still
 * clean once the secret has matched (isCardStillClean, which waits for a check holding the row on
 * PostgreSQL), there is nothing to change: the success is audited (one insert, committed before
 * the answer, with the caller's read running meanwhile) and no write transaction is opened. This
 * is the answer the transaction below would give had it run at that second look; a wrong guess
 * committed after it counts after this success, as it would had this request won the row lock.
 * Without the second look, a burst of wrong guesses could start a cool-down between the look and
 * the answer and a right secret sent last would still be accepted: more than 5 codes tested.
 *
 * Anything else (unknown or ineligible card, wrong secret, a count to reset, a lock) goes
 * through one transaction that re-reads the card (locked on PostgreSQL) and commits the
 * failed-attempt count and the audit event even when the answer is a refusal (the caller throws
 * after the commit). That transaction's checks are verifyLocked, which checkCardSecretAndWrite
 * shares: the guessing policy lives there once.
 */
export async function checkCardSecret<T>(deps: ServiceDeps, input: SecretCheckInput<T>): Promise<SecretCheckResult<T>> {
  const { crypto } = deps;
  const number = stripCardNumber(input.cardNumber);
  const numberIndexes = crypto.blindIndex.candidates(PURPOSE.cardNumber, number);

  const first = deps.now();
  const peek = await findCardWithCurrentSecret(deps.db, numberIndexes, input.secretKind, first.toISOString());
  const clean =
    peek !== undefined &&
    input.purpose === undefined &&
    input.accepts(peek.card) &&
    peek.card.failed_attempts === 0 &&
    peek.card.locked_until === null &&
    peek.card.operator_locked === 0;
  // The secret is checked (or the same work spent) whatever the card, as in the transaction.
  const matches =
    clean && peek.secret !== undefined
      ? crypto.secrets.verify({ hash: peek.secret.hash, pepperVersion: peek.secret.pepper_version }, peek.card.id, input.secretKind, input.secret)
      : crypto.secrets.spendVerify(input.secretKind, input.secret);
  // The look was unlocked: a wrong secret committed since may have started a cool-down. The
  // success stands only if the counters are still clean now (else the transaction decides).
  if (clean && matches && (await isCardStillClean(deps.db, peek.card))) {
    const [, read] = await Promise.all([
      deps.audit.record({ ...input.audit, outcome: 'success', cardId: peek.card.id, detail: null }, first.toISOString()),
      input.readAfter(peek.card),
    ]);
    return { ok: true, card: peek.card, secretId: peek.secret!.id, read };
  }

  const checked = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const verified = await verifyLocked(trx, deps, numberIndexes, input, now);
    if (!verified.ok) return verified;
    await recordAuditEvent(trx, { ...input.audit, outcome: 'success', cardId: verified.card.id, detail: null }, now.toISOString());
    return { ok: true, card: verified.card, secretId: verified.secret.id } as const;
  });
  if (!checked.ok) return wokenAfter(deps, checked);
  return { ...checked, read: await input.readAfter(checked.card) };
}

/** The card and secret a write runs against, inside the transaction that verified them. */
export interface VerifiedCard {
  /** The card as read under the row lock (PostgreSQL: FOR UPDATE) before the count was reset. */
  card: CardRow;
  /** The secret row that matched (mark it used when it works once). */
  secret: CardSecretRow;
  now: Date;
}

/** What a write answers: its value, and the outcome (and detail) of the check's audit event. */
export interface VerifiedWrite<W> {
  value: W;
  /** Default 'success'. A write that refuses (say, a balance too low) names its own outcome. */
  outcome?: string;
  detail?: string | null;
}

export interface SecretWriteInput<W> extends SecretCheckBase {
  /**
   * Runs inside the transaction that found the card and verified the secret, after the
   * failed-attempt count was reset; its writes commit or roll back with that transaction. It must
   * use `trx` for every statement (on SQLite the database has one connection, held by `trx`).
   * Throwing rolls everything back, the reset count and the audit event included.
   */
  write: (trx: Transaction<Database>, verified: VerifiedCard) => Promise<VerifiedWrite<W>>;
}

export type SecretWriteResult<W> = { ok: true; card: CardRow; value: W } | SecretRefusal;

/**
 * checkCardSecret for calls that change something once the secret is right (RESET, REPLACE):
 * always the transaction path (no read-only shortcut, there is something to write), with the
 * same guessing limits, refusals and audit events, and the caller's writes in the same
 * transaction, so "verified" and "changed" cannot come apart: a concurrent request on the same
 * card waits for the row lock (PostgreSQL) or the one writer (SQLite) and then sees the change.
 */
export async function checkCardSecretAndWrite<W>(deps: ServiceDeps, input: SecretWriteInput<W>): Promise<SecretWriteResult<W>> {
  const numberIndexes = deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, stripCardNumber(input.cardNumber));
  const result = await deps.db.transaction().execute(async (trx): Promise<SecretWriteResult<W>> => {
    const now = deps.now();
    const verified = await verifyLocked(trx, deps, numberIndexes, input, now);
    if (!verified.ok) return verified;
    const written = await input.write(trx, { card: verified.card, secret: verified.secret, now });
    await recordAuditEvent(
      trx,
      { ...input.audit, outcome: written.outcome ?? 'success', cardId: verified.card.id, detail: written.detail ?? null },
      now.toISOString(),
    );
    return { ok: true, card: verified.card, value: written.value } as const;
  });
  return result.ok ? result : wokenAfter(deps, result);
}

/** A refusal that queued a lockout SMS wakes the outbox, now that its transaction has committed. */
function wokenAfter(deps: ServiceDeps, refusal: SecretRefusal): SecretRefusal {
  if (refusal.messageQueued) deps.outbox.wake();
  return { ok: false, code: refusal.code };
}

/**
 * The guessing policy, in one place for every secret check: inside the caller's transaction, read
 * the card (locked on PostgreSQL), refuse an unknown or ineligible card, a cool-down or a lock,
 * compare the secret in constant time, count a wrong one (starting a cool-down or the operator
 * lock when due) and reset the count on a right one. Refusals are audited here; the success
 * event is the caller's, so it can carry the outcome of what the caller then does.
 */
async function verifyLocked(
  trx: Transaction<Database>,
  deps: ServiceDeps,
  numberIndexes: readonly [string, string],
  input: SecretCheckBase,
  now: Date,
): Promise<SecretRefusal | { ok: true; card: CardRow; secret: CardSecretRow }> {
  const { crypto } = deps;
  const at = now.toISOString();
  const audit = (outcome: string, cardId: string | null, detail?: string) =>
    recordAuditEvent(trx, { ...input.audit, outcome, cardId, detail: detail ?? null }, at);

  // While an index key rotation is under way, the number's guessing counters move to the current
  // version here, on the card's path as on the unknown number's (the same statements on both).
  if (numberIndexes[1] !== numberIndexes[0]) await carryNumberGuesses(trx, numberIndexes);
  const card = await findCardByNumberIndex(trx, numberIndexes, { forUpdate: true });
  if (!card || !input.accepts(card)) return wrongNumber(trx, deps, numberIndexes[0], input, now, card ? { id: card.id, detail: 'card not eligible' } : null);
  const gate = guessingGate(
    {
      failedAttempts: card.failed_attempts,
      lockedUntil: card.locked_until ? new Date(card.locked_until) : null,
      operatorLocked: card.operator_locked === 1,
    },
    now,
  );
  if (!gate.allowed) {
    await audit(gate.reason === 'locked' ? 'refused_locked' : 'refused_cooldown', card.id);
    return { ok: false, code: 'TOO_MANY_REQUESTS' };
  }
  const stored = await findCurrentSecret(trx, card.id, input.secretKind, at);
  const matches =
    stored !== undefined &&
    crypto.secrets.verify({ hash: stored.hash, pepperVersion: stored.pepper_version }, card.id, input.secretKind, input.secret) &&
    (input.purpose === undefined || stored.purpose === input.purpose);
  if (!matches) {
    if (stored?.attempts_left !== null && stored?.attempts_left !== undefined) await spendAttempt(trx, stored.id, at);
    const failed = await incrementFailedAttempts(trx, card.id, at);
    const consequence = afterWrongSecret(failed, now);
    await audit('wrong_secret', card.id, consequence.lockout ?? undefined);
    if (!consequence.lockout) return { ok: false, code: 'CARD_NOT_FOUND' };
    await updateCard(trx, card.id, {
      operator_locked: consequence.operatorLocked ? 1 : card.operator_locked,
      locked_until: consequence.lockedUntil?.toISOString() ?? card.locked_until,
      updated_at: at,
    });
    const { messageQueued } = await noteLockout(trx, deps, card, { kind: consequence.lockout, failedAttempts: failed, flowType: input.audit.flowType ?? null }, at);
    return { ok: false, code: 'CARD_NOT_FOUND', messageQueued };
  }
  await resetFailedAttempts(trx, card.id, at);
  return { ok: true, card, secret: stored };
}

/**
 * A number that finds no card this call accepts (unknown, another brand's, a kind or state the
 * flow does not take) is answered as a real card with a wrong secret would be: CARD_NOT_FOUND,
 * counted under the number's blind index (number_guesses), with the same cool-downs and lock and
 * then TOO_MANY_REQUESTS. Otherwise 5 wrong tries would tell a real number (it cools down) from
 * an unknown one (404 forever). The same statements as the real card's path run (the row locked
 * and read, the count written, the audit event) and the same secret work is spent, so the time
 * does not tell them apart either.
 */
async function wrongNumber(
  trx: Transaction<Database>,
  deps: ServiceDeps,
  numberIndex: string,
  input: SecretCheckBase,
  now: Date,
  ineligible: { id: string; detail: string } | null,
): Promise<SecretRefusal> {
  const at = now.toISOString();
  const audit = (outcome: string) =>
    recordAuditEvent(trx, { ...input.audit, outcome, cardId: ineligible?.id ?? null, detail: ineligible?.detail ?? null }, at);
  const guesses = await lockNumberGuesses(trx, numberIndex, at);
  const gate = guessingGate(
    {
      failedAttempts: guesses.failed_attempts,
      lockedUntil: guesses.locked_until ? new Date(guesses.locked_until) : null,
      operatorLocked: guesses.failed_attempts >= GUESSING_LOCK_AFTER,
    },
    now,
  );
  if (!gate.allowed) {
    await audit(gate.reason === 'locked' ? 'refused_locked' : 'refused_cooldown');
    return { ok: false, code: 'TOO_MANY_REQUESTS' };
  }
  deps.crypto.secrets.spendVerify(input.secretKind, input.secret);
  const failed = guesses.failed_attempts + 1;
  const consequence = afterWrongSecret(failed, now);
  await countNumberGuess(trx, numberIndex, failed, consequence.lockedUntil?.toISOString() ?? guesses.locked_until, at);
  await audit('card_not_found');
  if (consequence.lockout) await noteNumberLockout(trx, deps, { kind: consequence.lockout, failedAttempts: failed, flowType: input.audit.flowType ?? null, brandId: input.audit.brandId ?? null }, at);
  return { ok: false, code: 'CARD_NOT_FOUND' };
}

