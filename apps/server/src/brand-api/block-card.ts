import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findCardById, updateCard } from '../db/repositories/cards.js';
import type { Executor } from '../db/repositories/executor.js';
import type { CardRow, CardsTable } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';
import { cardAnswer, changeBrandCard, type InTransaction } from './api-card.js';
import { apiActor, type ApiCaller } from './caller.js';
import type { ApiCard } from './schemas.js';

export type BlockReason = NonNullable<CardsTable['block_reason']>;

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
 * POST /api/v1/cards/{id}/block: stops a card, as `tessera cards block` does (operator/block-card.ts):
 * every self-service flow then answers it as unknown, redemptions and loads are refused. Blocking
 * a blocked card changes nothing (the first block's time and reason stay).
 */
export function blockCard(deps: Deps, caller: ApiCaller, cardId: string, reason: BlockReason, inTransaction?: InTransaction<BlockChange>): Promise<BlockChange> {
  const at = deps.now().toISOString();
  return changeBrandCard(deps, caller, cardId, async (trx, card, masked) => {
    let changed = false;
    if (card.blocked_at === null) {
      await updateCard(trx, card.id, { blocked_at: at, block_reason: reason, updated_at: at });
      await recordAuditEvent(trx, { type: 'card.block', client: apiActor(caller), outcome: 'blocked', brandId: card.brand_id, cardId: card.id, detail: reason }, at);
      changed = true;
    }
    const result = await changeResult(trx, deps, card, masked, changed, changed ? reason : card.block_reason);
    if (changed) await recordWebhookEvent(trx, deps.crypto, { brandId: card.brand_id, type: 'card.blocked', cardId: card.id, data: { card: webhookCard(card), reason, by: 'api' } }, at);
    await inTransaction?.(trx, result);
    return result;
  });
}

/** POST /api/v1/cards/{id}/unblock: the card works again in the state it had (a replaced card stays replaced). */
export function unblockCard(deps: Deps, caller: ApiCaller, cardId: string, inTransaction?: InTransaction<BlockChange>): Promise<BlockChange> {
  const at = deps.now().toISOString();
  return changeBrandCard(deps, caller, cardId, async (trx, card, masked) => {
    let changed = false;
    if (card.blocked_at !== null) {
      await updateCard(trx, card.id, { blocked_at: null, block_reason: null, updated_at: at });
      await recordAuditEvent(
        trx,
        { type: 'card.unblock', client: apiActor(caller), outcome: 'unblocked', brandId: card.brand_id, cardId: card.id, detail: `was blocked since ${card.blocked_at} (${card.block_reason})` },
        at,
      );
      changed = true;
    }
    const result = await changeResult(trx, deps, card, masked, changed, card.block_reason);
    if (changed) await recordWebhookEvent(trx, deps.crypto, { brandId: card.brand_id, type: 'card.unblocked', cardId: card.id, data: { card: webhookCard(card), by: 'api' } }, at);
    await inTransaction?.(trx, result);
    return result;
  });
}

async function changeResult(trx: Executor, deps: Deps, card: CardRow, masked: string, changed: boolean, reason: BlockReason | null): Promise<BlockChange> {
  const changedCard = (await findCardById(trx, card.id))!;
  return { card: await cardAnswer(trx, changedCard, deps.now()), brandId: card.brand_id, maskedNumber: masked, changed, reason };
}
