import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { insertApiLedgerEntry } from '../db/repositories/api-ledger.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { sumLedgerByAsset } from '../db/repositories/ledger.js';
import type { CardRow, Database, LedgerEntriesTable } from '../db/schema.js';
import { balanceIn } from '../domain/ledger.js';
import { AppError } from '../errors.js';
import { stateOf } from './api-card.js';
import { auditActorFields } from '../card-commands/actor.js';
import { apiCommandActor, type ApiCaller } from './caller.js';
import type { Money } from './schemas.js';

/** Money moved on a card by the API (a redemption, a refund, a load): what its answer and its webhook event need. */
export interface CardMovement {
  id: string;
  cardId: string;
  brandId: string;
  maskedNumber: string;
  /** What moved, positive. */
  amount: Money;
  balanceAfter: Money;
  reference: string | null;
  createdAt: string;
}

/** An amount must be in the card's own asset: what its balance and the ledger's checks are kept in. */
export function checkCardAsset(amount: Money, cardAssetCode: string, path: string): void {
  if (amount.assetCode !== cardAssetCode) {
    throw new AppError('VALIDATION_ERROR', `The card holds ${cardAssetCode}.`, [{ path, message: `must be ${cardAssetCode}` }]);
  }
}

export const cardNotActive = (state: string) => new AppError('CARD_NOT_ACTIVE', `The card cannot be used: it is ${state.replace('_', ' ')}.`);

/** The balance of an active card in the amount's asset (its own), inside the locked transaction; CARD_NOT_ACTIVE otherwise. */
export async function activeCardBalance(trx: Transaction<Database>, card: CardRow, now: Date, amount: Money): Promise<number> {
  const state = stateOf(card, now);
  if (state !== 'active') throw cardNotActive(state);
  checkCardAsset(amount, card.asset_code, 'amount.assetCode');
  return balanceIn(await sumLedgerByAsset(trx, card.id), card.asset_code);
}

/**
 * Books one movement the key made: the ledger entry (`signed` amount; reference `api:KIND:ID`), the
 * API's record of it (key, the brand's reference, a refund's redemption) and the audit event
 * `card.KIND`, in the caller's locked transaction. `balanceBefore` is the card's balance in that
 * asset read under the same lock.
 */
export async function bookMovement(
  trx: Transaction<Database>,
  caller: ApiCaller,
  card: CardRow,
  masked: string,
  movement: { kind: LedgerEntriesTable['kind'] & ('redemption' | 'refund' | 'load'); signed: number; assetCode: string; reference?: string; redemptionId?: string; balanceBefore: number },
  at: string,
): Promise<CardMovement> {
  const id = randomUUID();
  const { kind, signed, assetCode } = movement;
  await insertApiLedgerEntry(
    trx,
    { id, card_id: card.id, asset_code: assetCode, amount: signed, kind, reference: `api:${kind}:${id}`, created_at: at },
    { api_key_id: caller.keyId, reference: movement.reference ?? null, redemption_id: movement.redemptionId ?? null },
  );
  await recordAuditEvent(
    trx,
    {
      type: `card.${kind}`,
      outcome: 'booked',
      brandId: card.brand_id,
      cardId: card.id,
      detail: `${signed} ${assetCode} (${id}${movement.redemptionId ? ` of ${movement.redemptionId}` : ''})`,
      amountBefore: movement.balanceBefore,
      amountAfter: movement.balanceBefore + signed,
      ...auditActorFields(apiCommandActor(caller)),
    },
    at,
  );
  return {
    id,
    cardId: card.id,
    brandId: card.brand_id,
    maskedNumber: masked,
    amount: { value: Math.abs(signed), assetCode },
    balanceAfter: { value: movement.balanceBefore + signed, assetCode },
    reference: movement.reference ?? null,
    createdAt: at,
  };
}
