import { operatorActorOf } from './operator-name.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { updateCard } from '../db/repositories/cards.js';
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
  return changeOperatorCard(deps, cardNumber, async (trx, card, masked) => {
    const coolingDown = card.locked_until !== null && new Date(card.locked_until).getTime() > now.getTime() ? card.locked_until : null;
    await updateCard(trx, card.id, { operator_locked: 0, failed_attempts: 0, locked_until: null, updated_at: at });
    const wasOperatorLocked = card.operator_locked === 1;
    await recordAuditEvent(
      trx,
      {
        type: 'card.unlock', client: operatorActorOf(deps),
        outcome: wasOperatorLocked ? 'unlocked' : coolingDown ? 'cooldown_ended' : 'counter_reset',
        brandId: card.brand_id,
        cardId: card.id,
        detail: `operator; failed attempts were ${card.failed_attempts}`,
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
      failedAttempts: card.failed_attempts,
    };
  });
}
