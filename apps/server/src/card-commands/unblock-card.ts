import type { BlockReason } from '@tessera/contracts/admin';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { updateCard } from '../db/repositories/cards.js';
import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import { type Actor, auditActorFields } from './actor.js';
import { type CommandDeps, type LockedCard, withLockedCard } from './locked-card.js';

export interface UnblockOutcome {
  /** false: it was not blocked; nothing changed, no event. */
  changed: boolean;
  /** The block that was lifted (null when there was none). */
  wasBlockedAt: string | null;
  wasReason: BlockReason | null;
}

/**
 * The card works again in the state it had (a replaced card stays replaced). Row, `card.unblock`
 * audit event and `card.unblocked` webhook in the caller's transaction; a card that is not
 * blocked is left as it is.
 */
export async function unblockLockedCard(deps: CommandDeps, { trx, card, now }: LockedCard, actor: Actor): Promise<UnblockOutcome> {
  if (card.blocked_at === null) return { changed: false, wasBlockedAt: null, wasReason: null };
  const at = now.toISOString();
  await updateCard(trx, card.id, { blocked_at: null, block_reason: null, updated_at: at });
  await recordAuditEvent(
    trx,
    { type: 'card.unblock', outcome: 'unblocked', brandId: card.brand_id, cardId: card.id, detail: `was blocked since ${card.blocked_at} (${card.block_reason})`, ...auditActorFields(actor) },
    at,
  );
  await recordWebhookEvent(trx, deps.crypto, { brandId: card.brand_id, type: 'card.unblocked', cardId: card.id, data: { card: webhookCard(card), by: actor.kind } }, at);
  return { changed: true, wasBlockedAt: card.blocked_at, wasReason: card.block_reason };
}

/** unblockLockedCard in a transaction of its own, the card locked by its id. */
export function unblockCard(deps: CommandDeps & { db: Db; now: () => Date }, cardId: string, actor: Actor): Promise<UnblockOutcome> {
  return withLockedCard(deps, cardId, (locked) => unblockLockedCard(deps, locked, actor));
}
