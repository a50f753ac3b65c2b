import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { forgetGuessesOf, readNumberGuesses } from '../db/repositories/number-guesses.js';
import { cardNumberIndexes } from '../cards/card-number-indexes.js';
import { guessingStateOf } from '../domain/guessing-policy.js';
import { type Actor, auditActorFields } from './actor.js';
import { type CommandDeps, type LockedCard, withLockedCard } from './locked-card.js';

export interface UnlockOutcome {
  /** It had reached the lock (100 wrong secrets in a row) that only staff or an operator lift. */
  wasOperatorLocked: boolean;
  /** The cool-down that was running, if any (ISO time). */
  wasCoolingDownUntil: string | null;
  failedAttempts: number;
}

/**
 * Clears the card's guessing counters: lifts the lock, ends a running cool-down and resets the
 * count of wrong secrets, so the cardholder can use self-service again. Audited as `card.unlock`
 * even when there was nothing to clear (the request was made). It does not unblock a blocked card:
 * that is a different decision. The counters are kept by the number's blind index under either
 * key version (docs/decisions/027), found here from the card's own number.
 */
export async function unlockLockedCard(deps: CommandDeps, { trx, card, now }: LockedCard, actor: Actor): Promise<UnlockOutcome> {
  const at = now.toISOString();
  const indexes = cardNumberIndexes(deps.crypto, card);
  const guesses = await readNumberGuesses(trx, indexes);
  const state = guessingStateOf(guesses);
  const coolingDown = state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime() ? guesses!.locked_until : null;
  await forgetGuessesOf(trx, indexes);
  await recordAuditEvent(
    trx,
    {
      type: 'card.unlock',
      outcome: state.operatorLocked ? 'unlocked' : coolingDown ? 'cooldown_ended' : 'counter_reset',
      brandId: card.brand_id,
      cardId: card.id,
      detail: `failed attempts were ${state.failedAttempts}`,
      ...auditActorFields(actor),
    },
    at,
  );
  return { wasOperatorLocked: state.operatorLocked, wasCoolingDownUntil: coolingDown, failedAttempts: state.failedAttempts };
}

/** unlockLockedCard in a transaction of its own, the card locked by its id. */
export function unlockCard(deps: CommandDeps & { db: Db; now: () => Date }, cardId: string, actor: Actor): Promise<UnlockOutcome> {
  return withLockedCard(deps, cardId, (locked) => unlockLockedCard(deps, locked, actor));
}
