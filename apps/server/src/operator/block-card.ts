import type { BlockReason } from '@tessera/contracts/admin';
import { blockLockedCard } from '../card-commands/block-card.js';
import { unblockLockedCard } from '../card-commands/unblock-card.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { changeOperatorCard } from './operator-card.js';
import { operatorCommandActor } from './operator-name.js';

export interface BlockResult {
  maskedNumber: string;
  kind: 'visa' | 'giftcard';
  /** false: it was already blocked (or not blocked, for unblock); nothing changed. */
  changed: boolean;
  blockedAt: string | null;
  reason: BlockReason | null;
}

type Deps = { db: Db; crypto: Crypto; now: () => Date; operator?: string };

/**
 * `tessera cards block NUMBER --reason R`: stops a card (card-commands/block-card.ts). Every
 * self-service flow then answers it as an unknown card would; REPLACE by whoever proves it with
 * its security code stays possible for a lost, stolen or other block (moving the balance to a new
 * card is the point), not for fraud. Blocking a blocked card changes nothing.
 */
export function blockCard(deps: Deps, cardNumber: string, reason: BlockReason): Promise<BlockResult> {
  return changeOperatorCard(deps, cardNumber, async (locked, masked) => {
    const block = await blockLockedCard(deps, locked, reason, operatorCommandActor(deps));
    return { maskedNumber: masked, kind: locked.card.kind, changed: block.changed, blockedAt: block.blockedAt, reason: block.reason };
  });
}

/** `tessera cards unblock NUMBER`: the card works again in the state it had (a replaced card stays replaced). */
export function unblockCard(deps: Deps, cardNumber: string): Promise<BlockResult> {
  return changeOperatorCard(deps, cardNumber, async (locked, masked) => {
    const unblock = await unblockLockedCard(deps, locked, operatorCommandActor(deps));
    return { maskedNumber: masked, kind: locked.card.kind, changed: unblock.changed, blockedAt: unblock.wasBlockedAt, reason: unblock.wasReason };
  });
}
