import { cardDay, GIFT_CARD_GRACE_PERIOD_MS, maskCardNumber, validityOf } from '@tessera/contracts';
import { expirableBalances, expireLockedBalance } from '../card-commands/expire-balance.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { findCardById, listGiftCardsExpiredBy } from '../db/repositories/cards.js';
import { operatorCommandActor } from './operator-name.js';

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
export async function expireBalances(deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string }, options: { dryRun: boolean }): Promise<ExpireResult> {
  const now = deps.now();
  // A cheap first cut in SQL (expiry dates are yyyy-mm-dd): the grace period back from today's
  // Amsterdam day, as validityOf counts it (docs/decisions/041); validityOf decides exactly.
  const before = new Date(Date.parse(cardDay(now)) - GIFT_CARD_GRACE_PERIOD_MS).toISOString().slice(0, 10);
  const candidates = await listGiftCardsExpiredBy(deps.db, before);
  const expired: ExpiredBalance[] = [];
  for (const candidate of candidates) {
    if (validityOf(candidate.expires_at, now).kind !== 'expired') continue;
    const booked = await deps.db.transaction().execute(async (trx) => {
      const card = await findCardById(trx, candidate.id, { forUpdate: true });
      if (!card) return [];
      const locked = { trx, card, now: deps.now() };
      const lines = options.dryRun ? await expirableBalances(trx, card, locked.now) : await expireLockedBalance(deps, locked, operatorCommandActor(deps));
      return lines.map((line) => ({ card: maskCardNumber(card.number_last3), brand: candidate.brand_code, expiresAt: card.expires_at!, assetCode: line.assetCode, amount: line.amount }));
    });
    expired.push(...booked);
  }
  return { dryRun: options.dryRun, expired };
}
