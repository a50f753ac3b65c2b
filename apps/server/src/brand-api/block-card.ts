import type { BlockReason } from '@tessera/contracts/admin';
import { blockLockedCard } from '../card-commands/block-card.js';
import type { LockedCard } from '../card-commands/locked-card.js';
import { unblockLockedCard } from '../card-commands/unblock-card.js';
import { findCardById } from '../db/repositories/cards.js';
import type { ServiceDeps } from '../deps.js';
import { cardAnswer, changeBrandCard, type InTransaction } from './api-card.js';
import { apiCommandActor, type ApiCaller } from './caller.js';
import type { ApiCard } from './schemas.js';

export interface BlockChange {
  card: ApiCard;
  brandId: string;
  maskedNumber: string;
  /** false: it was blocked already (unblock: was not blocked); nothing changed, no event. */
  changed: boolean;
  reason: BlockReason | null;
}

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now'>;

/**
 * POST /api/v1/cards/{id}/block: stops a card (card-commands/block-card.ts): every self-service
 * flow then answers it as unknown, redemptions and loads are refused. Blocking a blocked card
 * changes nothing (the first block's time and reason stay).
 */
export function blockCard(deps: Deps, caller: ApiCaller, cardId: string, reason: BlockReason, inTransaction?: InTransaction<BlockChange>): Promise<BlockChange> {
  return changeBrandCard(deps, caller, cardId, async (locked, masked) => {
    const block = await blockLockedCard(deps, locked, reason, apiCommandActor(caller));
    const result = await changeResult(deps, locked, masked, block.changed, block.reason);
    await inTransaction?.(locked.trx, result);
    return result;
  });
}

/** POST /api/v1/cards/{id}/unblock: the card works again in the state it had (a replaced card stays replaced). */
export function unblockCard(deps: Deps, caller: ApiCaller, cardId: string, inTransaction?: InTransaction<BlockChange>): Promise<BlockChange> {
  return changeBrandCard(deps, caller, cardId, async (locked, masked) => {
    const unblock = await unblockLockedCard(deps, locked, apiCommandActor(caller));
    const result = await changeResult(deps, locked, masked, unblock.changed, locked.card.block_reason);
    await inTransaction?.(locked.trx, result);
    return result;
  });
}

/** The answer: the card as it is now, read again in the transaction that changed it. */
async function changeResult(deps: Deps, { trx, card, now }: LockedCard, masked: string, changed: boolean, reason: BlockReason | null): Promise<BlockChange> {
  const changedCard = (await findCardById(trx, card.id))!;
  return { card: await cardAnswer(trx, changedCard, now), brandId: card.brand_id, maskedNumber: masked, changed, reason };
}
