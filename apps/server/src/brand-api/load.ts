import { randomUUID } from 'node:crypto';
import { insertApiLedgerEntry } from '../db/repositories/api-ledger.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { sumLedgerByAsset } from '../db/repositories/ledger.js';
import type { ServiceDeps } from '../deps.js';
import { balanceIn } from '../domain/ledger.js';
import { changeBrandCard, type InTransaction, stateOf } from './api-card.js';
import { apiActor, type ApiCaller } from './caller.js';
import { cardNotActive, checkCardAsset } from './money.js';
import type { Money } from './schemas.js';

export interface Load {
  id: string;
  cardId: string;
  brandId: string;
  maskedNumber: string;
  amount: Money;
  balanceAfter: Money;
  reference: string | null;
  createdAt: string;
}

/** POST /api/v1/cards/{id}/loads: money onto an active card, as a `load` ledger entry, with the card row locked. */
export function load(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  caller: ApiCaller,
  cardId: string,
  input: { amount: Money; reference?: string },
  inTransaction?: InTransaction<Load>,
): Promise<Load> {
  const now = deps.now();
  const at = now.toISOString();
  return changeBrandCard(deps, caller, cardId, async (trx, card, masked) => {
    const state = stateOf(card, now);
    if (state !== 'active') throw cardNotActive(state);
    checkCardAsset(input.amount, card.asset_code, 'amount.assetCode');
    const balance = balanceIn(await sumLedgerByAsset(trx, card.id), card.asset_code);
    const id = randomUUID();
    await insertApiLedgerEntry(
      trx,
      { id, card_id: card.id, asset_code: card.asset_code, amount: input.amount.value, kind: 'load', reference: `api:load:${id}`, created_at: at },
      { api_key_id: caller.keyId, reference: input.reference ?? null, redemption_id: null },
    );
    await recordAuditEvent(trx, { type: 'card.load', outcome: 'loaded', brandId: card.brand_id, cardId: card.id, client: apiActor(caller), detail: `${input.amount.value} ${card.asset_code} (${id})` }, at);
    const result: Load = {
      id,
      cardId: card.id,
      brandId: card.brand_id,
      maskedNumber: masked,
      amount: { value: input.amount.value, assetCode: card.asset_code },
      balanceAfter: { value: balance + input.amount.value, assetCode: card.asset_code },
      reference: input.reference ?? null,
      createdAt: at,
    };
    // Webhook event load.created: recorded here, in this transaction.
    await inTransaction?.(trx, result);
    return result;
  });
}
