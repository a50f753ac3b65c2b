import { randomUUID } from 'node:crypto';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { insertLedgerEntries, sumLedgerByAsset } from '../db/repositories/ledger.js';
import { balanceIn } from '../domain/ledger.js';
import { changeOperatorCard } from './operator-card.js';
import { OperatorError } from './operator-error.js';
import { operatorActorOf } from './operator-name.js';

export interface AdjustResult {
  maskedNumber: string;
  assetCode: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  /** false: an adjustment with this reference was booked before; nothing was booked again. */
  booked: boolean;
  reference: string;
}

/**
 * `tessera cards adjust NUMBER --amount -500 --reason TEXT`: books one `adjustment` ledger entry in
 * the card's asset, with the card row locked (a cardholder's payout cannot interleave). The balance
 * never goes below zero. `reference` makes a repeat harmless: the same reference books once (the
 * ledger's unique reference), and a repeat with another amount is refused.
 */
export async function adjustBalance(
  deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string },
  cardNumber: string,
  input: { amount: number; reason: string; reference?: string },
): Promise<AdjustResult> {
  const at = deps.now().toISOString();
  const reference = `adjustment:${input.reference ?? randomUUID()}`;
  return changeOperatorCard(deps, cardNumber, async (trx, card, masked) => {
    const before = balanceIn(await sumLedgerByAsset(trx, card.id), card.asset_code);
    const earlier = await trx.selectFrom('ledger_entries').selectAll().where('reference', '=', reference).executeTakeFirst();
    if (earlier) {
      if (earlier.card_id !== card.id || Number(earlier.amount) !== input.amount) {
        throw new OperatorError(`The reference ${input.reference} was used for another adjustment (${earlier.amount} on another card or amount); nothing was booked.`);
      }
      return { maskedNumber: masked, assetCode: card.asset_code, amount: input.amount, balanceBefore: before - input.amount, balanceAfter: before, booked: false, reference };
    }
    if (before + input.amount < 0) {
      throw new OperatorError(`The balance of ${masked} is ${before} ${card.asset_code} (minor units): an adjustment of ${input.amount} would take it below zero; nothing was booked.`);
    }
    await insertLedgerEntries(trx, [{ id: randomUUID(), card_id: card.id, asset_code: card.asset_code, amount: input.amount, kind: 'adjustment', reference, created_at: at }]);
    await recordAuditEvent(
      trx,
      { type: 'card.adjust', client: operatorActorOf(deps), outcome: 'booked', brandId: card.brand_id, cardId: card.id, detail: `${input.amount} ${card.asset_code} (${reference}): ${input.reason}`.slice(0, 1000) },
      at,
    );
    return { maskedNumber: masked, assetCode: card.asset_code, amount: input.amount, balanceBefore: before, balanceAfter: before + input.amount, booked: true, reference };
  });
}
