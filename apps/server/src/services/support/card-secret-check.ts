import { type ErrorCode, stripCardNumber } from '@tessera/contracts';
import { PURPOSE } from '../../crypto/index.js';
import { recordAuditEvent, type AuditEvent } from '../../db/repositories/audit.js';
import { findCardWithCurrentSecret, findCurrentSecret } from '../../db/repositories/card-secrets.js';
import { findCardByNumberIndex, incrementFailedAttempts, resetFailedAttempts, updateCard } from '../../db/repositories/cards.js';
import type { CardRow, CardSecretsTable } from '../../db/schema.js';
import { afterWrongSecret, guessingGate } from '../../domain/guessing-policy.js';
import type { ServiceDeps } from '../deps.js';

export type SecretCheckResult<T> =
  | { ok: true; card: CardRow; read: T }
  | { ok: false; code: Extract<ErrorCode, 'CARD_NOT_FOUND' | 'TOO_MANY_REQUESTS'> };

export interface SecretCheckInput<T> {
  cardNumber: string;
  secret: string;
  secretKind: CardSecretsTable['kind'];
  /** Which cards qualify (brand, kind, state); a card that does not is "not found". */
  accepts: (card: CardRow) => boolean;
  audit: Omit<AuditEvent, 'cardId' | 'outcome'>;
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
 * unlocked card with no failed attempts and the secret matches, there is nothing to change: the
 * success is audited (one insert, committed before the answer, with the caller's read running
 * meanwhile) and no write transaction is opened. This is the same answer the transaction below
 * would give had it run at the moment of the read; a wrong guess on the same card committed just
 * after the read counts after this success, as it would if this request had won the row lock.
 *
 * Anything else (unknown or ineligible card, wrong secret, a count to reset, a lock) goes
 * through one transaction that re-reads the card (locked on PostgreSQL) and commits the
 * failed-attempt count and the audit event even when the answer is a refusal (the caller throws
 * after the commit).
 */
export async function checkCardSecret<T>(deps: ServiceDeps, input: SecretCheckInput<T>): Promise<SecretCheckResult<T>> {
  const { crypto } = deps;
  const number = stripCardNumber(input.cardNumber);
  const numberIndex = crypto.blindIndex.of(PURPOSE.cardNumber, number);

  const first = deps.now();
  const peek = await findCardWithCurrentSecret(deps.db, numberIndex, input.secretKind, first.toISOString());
  const clean =
    peek !== undefined &&
    input.accepts(peek.card) &&
    peek.card.failed_attempts === 0 &&
    peek.card.locked_until === null &&
    peek.card.operator_locked === 0;
  // The secret is checked (or the same work spent) whatever the card, as in the transaction.
  const matches =
    clean && peek.secret !== undefined
      ? crypto.secrets.verify({ hash: peek.secret.hash, pepperVersion: peek.secret.pepper_version }, peek.card.id, input.secretKind, input.secret)
      : (crypto.secrets.verify({ hash: '', pepperVersion: 0 }, 'none', input.secretKind, input.secret), false);
  if (clean && matches) {
    const [, read] = await Promise.all([
      deps.audit.record({ ...input.audit, outcome: 'success', cardId: peek.card.id, detail: null }, first.toISOString()),
      input.readAfter(peek.card),
    ]);
    return { ok: true, card: peek.card, read };
  }

  const checked = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    const audit = (outcome: string, cardId: string | null, detail?: string) =>
      recordAuditEvent(trx, { ...input.audit, outcome, cardId, detail: detail ?? null }, at);

    const card = await findCardByNumberIndex(trx, numberIndex, { forUpdate: true });
    if (!card || !input.accepts(card)) {
      // Spend the same work as a real check, so timing does not tell a wrong number from a wrong secret.
      crypto.secrets.verify({ hash: '', pepperVersion: 0 }, 'none', input.secretKind, input.secret);
      await audit('card_not_found', card?.id ?? null, card ? 'card not eligible' : undefined);
      return { ok: false, code: 'CARD_NOT_FOUND' } as const;
    }
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
      return { ok: false, code: 'TOO_MANY_REQUESTS' } as const;
    }
    const stored = await findCurrentSecret(trx, card.id, input.secretKind, at);
    const matches =
      stored !== undefined &&
      crypto.secrets.verify({ hash: stored.hash, pepperVersion: stored.pepper_version }, card.id, input.secretKind, input.secret);
    if (!matches) {
      const failed = await incrementFailedAttempts(trx, card.id, at);
      const consequence = afterWrongSecret(failed, now);
      if (consequence.operatorLocked || consequence.lockedUntil) {
        await updateCard(trx, card.id, {
          operator_locked: consequence.operatorLocked ? 1 : card.operator_locked,
          locked_until: consequence.lockedUntil?.toISOString() ?? card.locked_until,
          updated_at: at,
        });
      }
      await audit('wrong_secret', card.id, consequence.operatorLocked ? 'locked' : consequence.lockedUntil ? 'cooldown started' : undefined);
      return { ok: false, code: 'CARD_NOT_FOUND' } as const;
    }
    await resetFailedAttempts(trx, card.id, at);
    await audit('success', card.id);
    return { ok: true, card } as const;
  });
  return checked.ok ? { ...checked, read: await input.readAfter(checked.card) } : checked;
}
