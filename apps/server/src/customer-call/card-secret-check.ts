import { type ErrorCode, stripCardNumber } from '@tessera/contracts';
import type { Transaction } from 'kysely';
import { PURPOSE } from '../crypto/index.js';
import { recordAuditEvent, type AuditEvent } from '../db/repositories/audit.js';
import { findCardWithCurrentSecret, spendAttempt } from '../db/repositories/card-secrets.js';
import { findCardById } from '../db/repositories/cards.js';
import { carryNumberGuesses, countNumberGuess, forgetGuessesOf, isCardStillUnguessed, lockNumberGuesses } from '../db/repositories/number-guesses.js';
import type { CardRow, CardSecretRow, CardSecretsTable, Database } from '../db/schema.js';
import { afterWrongSecret, guessingGate, guessingStateOf } from '../domain/guessing-policy.js';
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
 * First a read-only look (card and current secret, in one statement). When it shows an eligible
 * card and the secret matches, and its number has no guessing counters once the secret has
 * matched (isCardStillUnguessed; the look waited for the checks in flight on the number), there is
 * nothing to change: the success is audited (one insert, committed before the answer, with the
 * caller's read running meanwhile) and no write transaction is opened. This is the answer the
 * transaction below would give had it run at that second look; a wrong guess committed after it
 * counts after this success, as it would had this request won the counters' row lock. Without the
 * second look, a burst of wrong guesses could start a cool-down between the look and the answer
 * and a right secret sent last would still be accepted: more than 5 codes tested.
 *
 * Anything else (unknown or ineligible card, wrong secret, counters to forget, a cool-down) goes
 * through one transaction (verifyLocked, which checkCardSecretAndWrite shares: the guessing
 * policy lives there once) that commits the count and the audit event even when the answer is a
 * refusal (the caller throws after the commit).
 */
export async function checkCardSecret<T>(deps: ServiceDeps, input: SecretCheckInput<T>): Promise<SecretCheckResult<T>> {
  const { crypto } = deps;
  const number = stripCardNumber(input.cardNumber);
  const numberIndexes = crypto.blindIndex.candidates(PURPOSE.cardNumber, number);

  const first = deps.now();
  const peek = await findCardWithCurrentSecret(deps.db, numberIndexes, input.secretKind, first.toISOString());
  const clean = peek !== undefined && input.purpose === undefined && input.accepts(peek.card);
  // The secret is checked (or the same work spent) whatever the card, as in the transaction.
  const matches =
    clean && peek.secret !== undefined
      ? crypto.secrets.verify({ hash: peek.secret.hash, pepperVersion: peek.secret.pepper_version }, peek.card.id, input.secretKind, input.secret)
      : crypto.secrets.spendVerify(input.secretKind, input.secret);
  // The look was unlocked: a wrong secret checked since, or still being checked, may have started
  // a cool-down. The success stands only if the number is still without counters once the checks
  // queued before this one are done (else the transaction decides).
  if (clean && matches && (await isCardStillUnguessed(deps.db, peek.card, numberIndexes))) {
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
  /**
   * The write recorded the check's success event itself, with what it changed and who asked (a
   * card command: card-commands/); the check then records none, so the change has one event.
   */
  audited?: boolean;
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
    if (!written.audited) {
      await recordAuditEvent(
        trx,
        { ...input.audit, outcome: written.outcome ?? 'success', cardId: verified.card.id, detail: written.detail ?? null },
        now.toISOString(),
      );
    }
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
 * The guessing policy, in one place for every secret check, inside the caller's transaction. The
 * number's guessing counters (number_guesses, a card's or not: docs/decisions/027) are read and
 * locked first, so checks on one number queue up; then the card and its current secret are read
 * in one statement. A cool-down or lock refuses; the secret is compared in constant time (or the
 * same work spent when there is no card this call accepts); a wrong one is counted, starting a
 * cool-down or the lock when due. Up to there a real card with a wrong secret and a number without
 * one run the same statements on the same tables, so neither the answer nor its time tells them
 * apart. A right secret reads the card again under its row lock (PostgreSQL: FOR UPDATE, so a
 * write the caller then makes cannot interleave with another) and forgets the counters. Refusals
 * are audited here; the success event is the caller's, so it can carry the outcome of what the
 * caller then does.
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
  const [numberIndex] = numberIndexes;

  // While an index key rotation is under way, the number's counters move to the current version.
  if (numberIndexes[1] !== numberIndex) await carryNumberGuesses(trx, numberIndexes);
  const guesses = await lockNumberGuesses(trx, numberIndex, at);
  const found = await findCardWithCurrentSecret(trx, numberIndexes, input.secretKind, at);
  const card = found && input.accepts(found.card) ? found.card : undefined;
  // Another brand's card, or one the flow does not take, is audited as such, and answered as none.
  const cardId = found?.card.id ?? null;
  const detail = found && !card ? 'card not eligible' : null;
  const audit = (outcome: string, extra?: string) =>
    recordAuditEvent(trx, { ...input.audit, outcome, cardId, detail: [detail, extra].filter(Boolean).join('; ') || null }, at);

  const gate = guessingGate(guessingStateOf(guesses), now);
  if (!gate.allowed) {
    await audit(gate.reason === 'locked' ? 'refused_locked' : 'refused_cooldown');
    return { ok: false, code: 'TOO_MANY_REQUESTS' };
  }
  const stored = card ? found!.secret : undefined;
  const matches =
    stored !== undefined
      ? crypto.secrets.verify({ hash: stored.hash, pepperVersion: stored.pepper_version }, card!.id, input.secretKind, input.secret) &&
        (input.purpose === undefined || stored.purpose === input.purpose)
      : crypto.secrets.spendVerify(input.secretKind, input.secret);
  if (!matches || !card || !stored) {
    // A one-time code loses one of its tries. The statement runs for a number without a code as
    // well (it changes nothing then), so a one-time code's wrong try takes as long as any other.
    if (input.purpose !== undefined) await spendAttempt(trx, stored?.attempts_left != null ? stored.id : NO_SECRET, at);
    const failed = guesses.failed_attempts + 1;
    const consequence = afterWrongSecret(failed, now);
    await countNumberGuess(trx, numberIndex, failed, consequence.lockedUntil?.toISOString() ?? guesses.locked_until, at);
    await audit(card ? 'wrong_secret' : 'card_not_found', consequence.lockout ?? undefined);
    if (!consequence.lockout) return { ok: false, code: 'CARD_NOT_FOUND' };
    const lockout = { kind: consequence.lockout, failedAttempts: failed, flowType: input.audit.flowType ?? null };
    if (!card) {
      await noteNumberLockout(trx, deps, { ...lockout, brandId: input.audit.brandId ?? null }, at);
      return { ok: false, code: 'CARD_NOT_FOUND' };
    }
    const { messageQueued } = await noteLockout(trx, deps, card, lockout, at);
    return { ok: false, code: 'CARD_NOT_FOUND', messageQueued };
  }

  // The secret is right: the card under its row lock, as it is now (a write may have changed it
  // since the unlocked read above; the counters' lock held off only other secret checks).
  const locked = await findCardById(trx, card.id, { forUpdate: true });
  if (!locked || !input.accepts(locked)) {
    await audit('card_not_found', 'changed while the secret was checked');
    return { ok: false, code: 'CARD_NOT_FOUND' };
  }
  await forgetGuessesOf(trx, numberIndexes);
  return { ok: true, card: locked, secret: stored };
}

/** A one-time code's id that no row has: spendAttempt's statement for a number without a code. */
const NO_SECRET = '00000000-0000-0000-0000-000000000000';
