import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findLedgerEntryByReference, insertLedgerEntries, sumLedgerByAsset } from '../db/repositories/ledger.js';
import { balanceIn } from '../domain/ledger.js';
import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import { type Actor, auditActorFields } from './actor.js';
import { CardCommandRefusal } from './card-command-refusal.js';
import { type CommandDeps, type LockedCard, withLockedCard } from './locked-card.js';

export interface Adjustment {
  /** Minor units of the card's asset, signed, not 0. */
  amount: number;
  reason: string;
  /** What makes a repeat harmless (stored as `adjustment:<reference>`); a fresh one when absent. */
  reference?: string;
}

export interface AdjustOutcome {
  assetCode: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  /** false: an adjustment with this reference was booked before; nothing was booked again. */
  booked: boolean;
  /** The ledger reference, `adjustment:<reference>`. */
  reference: string;
}

/**
 * Books one `adjustment` ledger entry in the card's asset and the `card.adjust` audit event with
 * the balance before and after, in the caller's transaction (the card row locked: a cardholder's
 * payout cannot interleave between reading the balance and booking). The balance never goes below
 * zero (BALANCE_TOO_LOW). The same reference books once (the ledger's unique reference); a repeat
 * with another card or amount is refused (REFERENCE_REUSED). Refusals throw, so nothing stays.
 * The card's `adjustment.created` webhook is written with the booking, so it goes out only if
 * the booking commits.
 */
export async function adjustLockedBalance(deps: CommandDeps, { trx, card, now }: LockedCard, adjustment: Adjustment, actor: Actor): Promise<AdjustOutcome> {
  const at = now.toISOString();
  const { amount } = adjustment;
  const reference = `adjustment:${adjustment.reference ?? randomUUID()}`;
  const before = balanceIn(await sumLedgerByAsset(trx, card.id), card.asset_code);
  const earlier = await findLedgerEntryByReference(trx, reference);
  if (earlier) {
    if (earlier.card_id !== card.id || Number(earlier.amount) !== amount) throw new CardCommandRefusal('REFERENCE_REUSED', Number(earlier.amount));
    return { assetCode: card.asset_code, amount, balanceBefore: before - amount, balanceAfter: before, booked: false, reference };
  }
  if (before + amount < 0) throw new CardCommandRefusal('BALANCE_TOO_LOW', before);
  const entryId = randomUUID();
  await insertLedgerEntries(trx, [{ id: entryId, card_id: card.id, asset_code: card.asset_code, amount, kind: 'adjustment', reference, created_at: at }]);
  await recordAuditEvent(
    trx,
    {
      type: 'card.adjust',
      outcome: 'booked',
      brandId: card.brand_id,
      cardId: card.id,
      detail: `${amount} ${card.asset_code} (${reference}): ${adjustment.reason}`.slice(0, 1000),
      amountBefore: before,
      amountAfter: before + amount,
      ...auditActorFields(actor),
    },
    at,
  );
  const money = (value: number) => ({ value, assetCode: card.asset_code });
  await recordWebhookEvent(
    trx,
    deps.crypto,
    {
      brandId: card.brand_id,
      type: 'adjustment.created',
      cardId: card.id,
      data: { adjustment: { id: entryId, amount: money(amount), balanceAfter: money(before + amount), reference, createdAt: at }, card: webhookCard(card), by: actor.kind },
    },
    at,
  );
  return { assetCode: card.asset_code, amount, balanceBefore: before, balanceAfter: before + amount, booked: true, reference };
}

/** adjustLockedBalance in a transaction of its own, the card locked by its id. */
export function adjustBalance(deps: CommandDeps & { db: Db; now: () => Date }, cardId: string, adjustment: Adjustment, actor: Actor): Promise<AdjustOutcome> {
  return withLockedCard(deps, cardId, (locked) => adjustLockedBalance(deps, locked, adjustment, actor));
}
