import type { BlockReason } from '@tessera/contracts/admin';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { updateCard } from '../db/repositories/cards.js';
import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import { type Actor, auditActorFields } from './actor.js';
import { type CommandDeps, type LockedCard, withLockedCard } from './locked-card.js';

export interface BlockOutcome {
  /** false: it was blocked already; nothing changed, no event. */
  changed: boolean;
  /** When the card's block began: now, or the first block's time on a repeat. */
  blockedAt: string;
  /** The block's reason: this one, or the first block's on a repeat. */
  reason: BlockReason;
}

/**
 * Stops a card: every self-service flow then answers it as an unknown card, the API refuses its
 * redemptions and loads. The row, the `card.block` audit event and the `card.blocked` webhook
 * are written in the caller's transaction. Blocking a blocked card changes nothing: the first
 * block's time and reason stay, whoever asks again.
 */
export async function blockLockedCard(deps: CommandDeps, { trx, card, now }: LockedCard, reason: BlockReason, actor: Actor): Promise<BlockOutcome> {
  if (card.blocked_at !== null) return { changed: false, blockedAt: card.blocked_at, reason: card.block_reason ?? reason };
  const at = now.toISOString();
  await updateCard(trx, card.id, { blocked_at: at, block_reason: reason, updated_at: at });
  await recordAuditEvent(trx, { type: 'card.block', outcome: 'blocked', brandId: card.brand_id, cardId: card.id, detail: reason, ...auditActorFields(actor) }, at);
  await recordWebhookEvent(trx, deps.crypto, { brandId: card.brand_id, type: 'card.blocked', cardId: card.id, data: { card: webhookCard(card), reason, by: actor.kind } }, at);
  return { changed: true, blockedAt: at, reason };
}

/** blockLockedCard in a transaction of its own, the card locked by its id. */
export function blockCard(deps: CommandDeps & { db: Db; now: () => Date }, cardId: string, reason: BlockReason, actor: Actor): Promise<BlockOutcome> {
  return withLockedCard(deps, cardId, (locked) => blockLockedCard(deps, locked, reason, actor));
}
