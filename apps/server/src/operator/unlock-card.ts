import { operatorActorOf } from './operator-name.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { forgetGuessesOf, readNumberGuesses } from '../db/repositories/number-guesses.js';
import { guessingStateOf } from '../domain/guessing-policy.js';
import { changeOperatorCard } from './operator-card.js';

export interface UnlockCardResult {
  maskedNumber: string;
  kind: 'visa' | 'giftcard';
  brandCode: string;
  state: string;
  wasOperatorLocked: boolean;
  /** The cool-down that was running, if any (ISO time). */
  wasCoolingDownUntil: string | null;
  failedAttempts: number;
}

/**
 * `tessera cards unlock NUMBER`: lifts the operator lock that 100 wrong secrets set, ends a running
 * cool-down and resets the failed-attempt count, so the cardholder can use self-service again.
 * It does not unblock a blocked (replaced or stopped) card: that is a different decision.
 */
export async function unlockCard(deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string }, cardNumber: string): Promise<UnlockCardResult> {
  const now = deps.now();
  const at = now.toISOString();
  return changeOperatorCard(deps, cardNumber, async (trx, card, masked, indexes) => {
    const guesses = await readNumberGuesses(trx, indexes);
    const state = guessingStateOf(guesses);
    const coolingDown = state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime() ? guesses!.locked_until : null;
    await forgetGuessesOf(trx, indexes);
    const wasOperatorLocked = state.operatorLocked;
    await recordAuditEvent(
      trx,
      {
        type: 'card.unlock', client: operatorActorOf(deps),
        outcome: wasOperatorLocked ? 'unlocked' : coolingDown ? 'cooldown_ended' : 'counter_reset',
        brandId: card.brand_id,
        cardId: card.id,
        detail: `operator; failed attempts were ${state.failedAttempts}`,
      },
      at,
    );
    const brand = await trx.selectFrom('brands').select('code').where('id', '=', card.brand_id).executeTakeFirst();
    return {
      maskedNumber: masked,
      kind: card.kind,
      brandCode: brand?.code ?? '?',
      state: card.state,
      wasOperatorLocked,
      wasCoolingDownUntil: coolingDown,
      failedAttempts: state.failedAttempts,
    };
  });
}
