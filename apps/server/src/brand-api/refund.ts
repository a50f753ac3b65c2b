import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import { addRefunded, findRedemption } from '../db/repositories/api-ledger.js';
import { sumLedgerByAsset } from '../db/repositories/ledger.js';
import type { ServiceDeps } from '../deps.js';
import { balanceIn } from '../domain/ledger.js';
import { AppError } from '../errors.js';
import { changeBrandCard, type InTransaction, stateOf } from './api-card.js';
import type { ApiCaller } from './caller.js';
import { bookMovement, type CardMovement, cardNotActive, checkCardAsset } from './card-movement.js';
import type { Money } from './schemas.js';

export interface Refund extends CardMovement {
  redemptionId: string;
}

const redemptionNotFound = () => new AppError('REDEMPTION_NOT_FOUND', 'No redemption with this id exists for this brand.');

/**
 * POST /api/v1/redemptions/{id}/refunds: gives (part of) a redemption back to its card, as a
 * `refund` ledger entry that names its redemption. Default amount: what is left to refund. The
 * refunds of a redemption never exceed it (400 REFUND_EXCEEDS_REDEMPTION): the card row is
 * locked, the redemption's `refunded` is read after the lock and raised by a conditional UPDATE,
 * and a CHECK backs it. A card whose balance moved on (replaced, paid out) takes no refund
 * (CARD_NOT_ACTIVE); a blocked or expired card does: the money is the cardholder's.
 */
export async function refund(
  deps: Pick<ServiceDeps, 'db' | 'crypto' | 'now'>,
  caller: ApiCaller,
  redemptionId: string,
  input: { amount?: Money; reference?: string },
  inTransaction?: InTransaction<Refund>,
): Promise<Refund> {
  const now = deps.now();
  const at = now.toISOString();
  const found = await findRedemption(deps.db, redemptionId);
  if (!found || found.brand_id !== caller.brandId) throw redemptionNotFound();
  return changeBrandCard(deps, caller, found.card_id, async ({ trx, card }, masked) => {
    const state = stateOf(card, now);
    if (state === 'replaced' || state === 'paid_out') throw cardNotActive(state);
    // Read again under the card's lock: a refund that committed meanwhile counts.
    const redemption = (await findRedemption(trx, redemptionId))!;
    const left = redemption.amount - redemption.refunded;
    if (input.amount) checkCardAsset(input.amount, redemption.asset_code, 'amount.assetCode');
    const amount = input.amount?.value ?? left;
    if (amount <= 0 || amount > left || !(await addRefunded(trx, redemption.id, amount))) {
      throw new AppError('REFUND_EXCEEDS_REDEMPTION', `${left} of the redemption's ${redemption.amount} (minor units) is left to refund; nothing was refunded.`);
    }
    const balance = balanceIn(await sumLedgerByAsset(trx, card.id), redemption.asset_code);
    const movement = await bookMovement(
      trx,
      caller,
      card,
      masked,
      { kind: 'refund', signed: amount, assetCode: redemption.asset_code, reference: input.reference, redemptionId: redemption.id, balanceBefore: balance },
      at,
    );
    const result: Refund = { ...movement, redemptionId: redemption.id };
    await recordWebhookEvent(
      trx,
      deps.crypto,
      { brandId: card.brand_id, type: 'refund.created', cardId: card.id, data: { refund: { id: result.id, redemptionId: result.redemptionId, amount: result.amount, balanceAfter: result.balanceAfter, reference: result.reference, createdAt: result.createdAt }, card: webhookCard(card) } },
      at,
    );
    await inTransaction?.(trx, result);
    return result;
  });
}
