import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { updateCard } from '../db/repositories/cards.js';
import type { CardsTable } from '../db/schema.js';
import { changeOperatorCard } from './operator-card.js';
import { operatorActorOf } from './operator-name.js';

export type BlockReason = NonNullable<CardsTable['block_reason']>;
export const BLOCK_REASONS: readonly BlockReason[] = ['lost', 'stolen', 'fraud', 'other'];

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
 * `tessera cards block NUMBER --reason R`: stops a card. Every self-service flow then answers it as
 * an unknown card would; REPLACE by whoever proves it with its security code stays possible for a
 * lost, stolen or other block (moving the balance to a new card is the point), not for fraud.
 * Blocking a blocked card changes nothing (the first block's time and reason stay).
 */
export function blockCard(deps: Deps, cardNumber: string, reason: BlockReason): Promise<BlockResult> {
  const at = deps.now().toISOString();
  return changeOperatorCard(deps, cardNumber, async (trx, card, masked) => {
    if (card.blocked_at !== null) return { maskedNumber: masked, kind: card.kind, changed: false, blockedAt: card.blocked_at, reason: card.block_reason };
    await updateCard(trx, card.id, { blocked_at: at, block_reason: reason, updated_at: at });
    await recordAuditEvent(trx, { type: 'card.block', client: operatorActorOf(deps), outcome: 'blocked', brandId: card.brand_id, cardId: card.id, detail: reason }, at);
    await recordWebhookEvent(trx, deps.crypto, { brandId: card.brand_id, type: 'card.blocked', cardId: card.id, data: { card: webhookCard(card), reason, by: 'operator' } }, at);
    return { maskedNumber: masked, kind: card.kind, changed: true, blockedAt: at, reason };
  });
}

/** `tessera cards unblock NUMBER`: the card works again in the state it had (a replaced card stays replaced). */
export function unblockCard(deps: Deps, cardNumber: string): Promise<BlockResult> {
  const at = deps.now().toISOString();
  return changeOperatorCard(deps, cardNumber, async (trx, card, masked) => {
    if (card.blocked_at === null) return { maskedNumber: masked, kind: card.kind, changed: false, blockedAt: null, reason: null };
    await updateCard(trx, card.id, { blocked_at: null, block_reason: null, updated_at: at });
    await recordAuditEvent(
      trx,
      { type: 'card.unblock', client: operatorActorOf(deps), outcome: 'unblocked', brandId: card.brand_id, cardId: card.id, detail: `was blocked since ${card.blocked_at} (${card.block_reason})` },
      at,
    );
    await recordWebhookEvent(trx, deps.crypto, { brandId: card.brand_id, type: 'card.unblocked', cardId: card.id, data: { card: webhookCard(card), by: 'operator' } }, at);
    return { maskedNumber: masked, kind: card.kind, changed: true, blockedAt: card.blocked_at, reason: card.block_reason };
  });
}
