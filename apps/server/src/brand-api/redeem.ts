import { randomUUID } from 'node:crypto';
import { insertApiLedgerEntry, insertRedemption } from '../db/repositories/api-ledger.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { sumLedgerByAsset } from '../db/repositories/ledger.js';
import type { ServiceDeps } from '../deps.js';
import { balanceIn } from '../domain/ledger.js';
import { AppError } from '../errors.js';
import { changeBrandCard, type InTransaction, stateOf } from './api-card.js';
import { apiActor, type ApiCaller } from './caller.js';
import { cardNotActive, checkCardAsset } from './money.js';
import type { Money } from './schemas.js';

export interface Redemption {
  id: string;
  cardId: string;
  brandId: string;
  maskedNumber: string;
  amount: Money;
  balanceAfter: Money;
  reference: string | null;
  createdAt: string;
}

/**
 * POST /api/v1/cards/{id}/redemptions: takes an amount off an active card, as a `redemption` ledger
 * entry (negative) and a redemptions row that later refunds count against. With the card row
 * locked, so redemptions of one card run one after another and the balance they read is the one
 * they book against: it never goes below zero. Short: 400 BALANCE_TOO_LOW, or with allowPartial
 * what the card holds (nothing held: still BALANCE_TOO_LOW).
 */
export function redeem(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  caller: ApiCaller,
  cardId: string,
  input: { amount: Money; reference?: string; allowPartial?: boolean },
  inTransaction?: InTransaction<Redemption>,
): Promise<Redemption> {
  const now = deps.now();
  const at = now.toISOString();
  return changeBrandCard(deps, caller, cardId, async (trx, card, masked) => {
    const state = stateOf(card, now);
    if (state !== 'active') throw cardNotActive(state);
    checkCardAsset(input.amount, card.asset_code, 'amount.assetCode');
    const balance = balanceIn(await sumLedgerByAsset(trx, card.id), card.asset_code);
    let amount = input.amount.value;
    if (balance < amount) {
      if (!input.allowPartial || balance <= 0) throw new AppError('BALANCE_TOO_LOW', `The card holds ${balance} (minor units of ${card.asset_code}); nothing was redeemed.`);
      amount = balance;
    }
    const id = randomUUID();
    await insertApiLedgerEntry(
      trx,
      { id, card_id: card.id, asset_code: card.asset_code, amount: -amount, kind: 'redemption', reference: `api:redemption:${id}`, created_at: at },
      { api_key_id: caller.keyId, reference: input.reference ?? null, redemption_id: null },
    );
    await insertRedemption(trx, { id, card_id: card.id, asset_code: card.asset_code, amount, created_at: at });
    await recordAuditEvent(trx, { type: 'card.redeem', outcome: 'redeemed', brandId: card.brand_id, cardId: card.id, client: apiActor(caller), detail: `${amount} ${card.asset_code} (${id})` }, at);
    const result: Redemption = {
      id,
      cardId: card.id,
      brandId: card.brand_id,
      maskedNumber: masked,
      amount: { value: amount, assetCode: card.asset_code },
      balanceAfter: { value: balance - amount, assetCode: card.asset_code },
      reference: input.reference ?? null,
      createdAt: at,
    };
    // Webhook event redemption.created: recorded here, in this transaction.
    await inTransaction?.(trx, result);
    return result;
  });
}
