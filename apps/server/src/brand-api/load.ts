import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import type { ServiceDeps } from '../deps.js';
import { changeBrandCard, type InTransaction } from './api-card.js';
import type { ApiCaller } from './caller.js';
import { activeCardBalance, bookMovement, type CardMovement } from './card-movement.js';
import type { Money } from './schemas.js';

export type Load = CardMovement;

/** POST /api/v1/cards/{id}/loads: money onto an active card, as a `load` ledger entry, with the card row locked. */
export function load(
  deps: Pick<ServiceDeps, 'db' | 'crypto' | 'now'>,
  caller: ApiCaller,
  cardId: string,
  input: { amount: Money; reference?: string },
  inTransaction?: InTransaction<Load>,
): Promise<Load> {
  const now = deps.now();
  const at = now.toISOString();
  return changeBrandCard(deps, caller, cardId, async ({ trx, card }, masked) => {
    const balance = await activeCardBalance(trx, card, now, input.amount);
    const result = await bookMovement(trx, caller, card, masked, { kind: 'load', signed: input.amount.value, assetCode: card.asset_code, reference: input.reference, balanceBefore: balance }, at);
    await recordWebhookEvent(trx, deps.crypto, { brandId: card.brand_id, type: 'load.created', cardId: card.id, data: { load: { id: result.id, amount: result.amount, balanceAfter: result.balanceAfter, reference: result.reference, createdAt: result.createdAt }, card: webhookCard(card) } }, at);
    await inTransaction?.(trx, result);
    return result;
  });
}
