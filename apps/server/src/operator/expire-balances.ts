import { randomUUID } from 'node:crypto';
import { GIFT_CARD_GRACE_PERIOD_MS, maskCardNumber, validityOf } from '@tessera/contracts';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findCardById, listGiftCardsExpiredBy } from '../db/repositories/cards.js';
import { insertLedgerEntries, sumLedgerByAsset } from '../db/repositories/ledger.js';
import { operatorAuditFields } from './operator-name.js';

export interface ExpiredBalance {
  card: string;
  brand: string;
  expiresAt: string;
  assetCode: string;
  amount: number;
}

export interface ExpireResult {
  dryRun: boolean;
  /** What was booked (or would be, in a dry run): one line per card and asset. */
  expired: ExpiredBalance[];
}

/**
 * `tessera cards expire-balances [--dry-run]`: a gift card whose validity ended more than the grace
 * period ago (365 days: the spec's "expired" text, validityOf) loses what it still holds: one
 * `expiry` ledger entry per asset takes the balance to zero. Each card in its own transaction with
 * its row locked, so a payout or replacement cannot interleave and a second run (or a concurrent
 * one) finds nothing left to book. Visa cards are not expired here: their money follows the
 * card scheme's rules, not the gift card's grace period.
 */
export async function expireBalances(deps: { db: Db; now: () => Date; operator?: string }, options: { dryRun: boolean }): Promise<ExpireResult> {
  const now = deps.now();
  // A cheap first cut in SQL (expiry dates are yyyy-mm-dd); validityOf decides exactly.
  const before = new Date(now.getTime() - GIFT_CARD_GRACE_PERIOD_MS).toISOString().slice(0, 10);
  const candidates = await listGiftCardsExpiredBy(deps.db, before);
  const expired: ExpiredBalance[] = [];
  for (const candidate of candidates) {
    if (validityOf(candidate.expires_at, now).kind !== 'expired') continue;
    const booked = await deps.db.transaction().execute(async (trx) => {
      const card = await findCardById(trx, candidate.id, { forUpdate: true });
      if (!card) return [];
      const at = deps.now().toISOString();
      const lines = (await sumLedgerByAsset(trx, card.id))
        .filter((sum) => sum.amount > 0)
        .map((sum) => ({ card: maskCardNumber(card.number_last3), brand: candidate.brand_code, expiresAt: card.expires_at!, assetCode: sum.assetCode, amount: sum.amount }));
      if (options.dryRun || lines.length === 0) return lines;
      await insertLedgerEntries(
        trx,
        lines.map((line) => ({ id: randomUUID(), card_id: card.id, asset_code: line.assetCode, amount: -line.amount, kind: 'expiry' as const, reference: `expiry:${card.id}:${line.assetCode}:${at.slice(0, 10)}`, created_at: at })),
      );
      await recordAuditEvent(
        trx,
        { type: 'card.expiry', ...operatorAuditFields(deps), outcome: 'booked', brandId: card.brand_id, cardId: card.id, detail: `expired ${card.expires_at}; ${lines.map((l) => `${l.amount} ${l.assetCode}`).join(', ')}` },
        at,
      );
      return lines;
    });
    expired.push(...booked);
  }
  return { dryRun: options.dryRun, expired };
}
