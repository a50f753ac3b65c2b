import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import { insertRedemption } from '../db/repositories/api-ledger.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { changeBrandCard, type InTransaction } from './api-card.js';
import type { ApiCaller } from './caller.js';
import { activeCardBalance, bookMovement, type CardMovement } from './card-movement.js';
import type { Money } from './schemas.js';

export type Redemption = CardMovement;

/**
 * POST /api/v1/cards/{id}/redemptions: takes an amount off an active card, as a `redemption` ledger
 * entry (negative) and a redemptions row that later refunds count against. With the card row
 * locked, so redemptions of one card run one after another and the balance they read is the one
 * they book against: it never goes below zero. Short: 400 BALANCE_TOO_LOW, or with allowPartial
 * what the card holds (nothing held: still BALANCE_TOO_LOW).
 */
export function redeem(
  deps: Pick<ServiceDeps, 'db' | 'crypto' | 'now'>,
  caller: ApiCaller,
  cardId: string,
  input: { amount: Money; reference?: string; allowPartial?: boolean },
  inTransaction?: InTransaction<Redemption>,
): Promise<Redemption> {
  const now = deps.now();
  const at = now.toISOString();
  return changeBrandCard(deps, caller, cardId, async ({ trx, card }, masked) => {
    const balance = await activeCardBalance(trx, card, now, input.amount);
    let amount = input.amount.value;
    if (balance < amount) {
      if (!input.allowPartial || balance <= 0) throw new AppError('BALANCE_TOO_LOW', `The card holds ${balance} (minor units of ${card.asset_code}); nothing was redeemed.`);
      amount = balance;
    }
    const result = await bookMovement(trx, caller, card, masked, { kind: 'redemption', signed: -amount, assetCode: card.asset_code, reference: input.reference, balanceBefore: balance }, at);
    await insertRedemption(trx, { id: result.id, card_id: card.id, asset_code: card.asset_code, amount, created_at: at });
    await recordWebhookEvent(trx, deps.crypto, { brandId: card.brand_id, type: 'redemption.created', cardId: card.id, data: { redemption: { id: result.id, amount: result.amount, balanceAfter: result.balanceAfter, reference: result.reference, createdAt: result.createdAt }, card: webhookCard(card) } }, at);
    await inTransaction?.(trx, result);
    return result;
  });
}
