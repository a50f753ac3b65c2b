import { unlockLockedCard } from '../card-commands/unlock-guessing.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { findBrandById } from '../db/repositories/brands.js';
import { changeOperatorCard } from './operator-card.js';
import { operatorCommandActor } from './operator-name.js';

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
 * `tessera cards unlock NUMBER`: lifts the lock that 100 wrong secrets set, ends a running
 * cool-down and resets the failed-attempt count (card-commands/unlock-guessing.ts), so the
 * cardholder can use self-service again. It does not unblock a blocked card.
 */
export function unlockCard(deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string }, cardNumber: string): Promise<UnlockCardResult> {
  return changeOperatorCard(deps, cardNumber, async (locked, masked) => {
    const unlock = await unlockLockedCard(deps, locked, operatorCommandActor(deps));
    const brand = await findBrandById(locked.trx, locked.card.brand_id);
    return { maskedNumber: masked, kind: locked.card.kind, brandCode: brand?.code ?? '?', state: locked.card.state, ...unlock };
  });
}
