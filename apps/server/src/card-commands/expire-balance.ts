import { randomUUID } from 'node:crypto';
import { validityOf } from '@tessera/contracts';
import type { Executor } from '../db/repositories/executor.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { insertLedgerEntries, sumLedgerByAsset } from '../db/repositories/ledger.js';
import type { CardRow } from '../db/schema.js';
import { balanceIn } from '../domain/ledger.js';
import { type Actor, auditActorFields } from './actor.js';
import type { CommandDeps, LockedCard } from './locked-card.js';

/** What a card loses at expiry in one asset (minor units, positive). */
export interface ExpiredAmount {
  assetCode: string;
  amount: number;
}

/**
 * What the card would lose if its balance expired now: every asset it holds more than zero of,
 * once its validity has ended more than the grace period ago (validityOf's "expired"); nothing
 * for a card still valid or in its grace period.
 */
export async function expirableBalances(db: Executor, card: CardRow, now: Date): Promise<ExpiredAmount[]> {
  if (validityOf(card.expires_at, now).kind !== 'expired') return [];
  return (await sumLedgerByAsset(db, card.id)).filter((sum) => sum.amount > 0).map((sum) => ({ assetCode: sum.assetCode, amount: sum.amount }));
}

/**
 * Books the expiry of a card's balance: one `expiry` ledger entry per asset takes it to zero, and
 * the `card.expiry` audit event records the balance before and after (in the card's own asset).
 * In the caller's transaction with the card row locked, so a payout or replacement cannot
 * interleave, and a second run finds nothing left (answers an empty list, writes nothing). The
 * reference names the card, asset and day, so the same expiry cannot be booked twice.
 */
export async function expireLockedBalance(_deps: CommandDeps, { trx, card, now }: LockedCard, actor: Actor): Promise<ExpiredAmount[]> {
  const lines = await expirableBalances(trx, card, now);
  if (lines.length === 0) return [];
  const at = now.toISOString();
  await insertLedgerEntries(
    trx,
    lines.map((line) => ({ id: randomUUID(), card_id: card.id, asset_code: line.assetCode, amount: -line.amount, kind: 'expiry' as const, reference: `expiry:${card.id}:${line.assetCode}:${at.slice(0, 10)}`, created_at: at })),
  );
  const before = balanceIn(lines, card.asset_code);
  await recordAuditEvent(
    trx,
    {
      type: 'card.expiry',
      outcome: 'booked',
      brandId: card.brand_id,
      cardId: card.id,
      detail: `expired ${card.expires_at}; ${lines.map((l) => `${l.amount} ${l.assetCode}`).join(', ')}`,
      ...(before > 0 && { amountBefore: before, amountAfter: 0 }),
      ...auditActorFields(actor),
    },
    at,
  );
  return lines;
}
