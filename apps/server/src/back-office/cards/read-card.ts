import type { AdminCard } from '@tessera/contracts/admin';
import { cardNumberIndexes } from '../../cards/card-number-indexes.js';
import { readNumberGuesses } from '../../db/repositories/number-guesses.js';
import type { Executor } from '../../db/repositories/executor.js';
import { findStaffCardById, hasReplacementEmail, type StaffCardRow } from '../../db/repositories/staff-cards.js';
import { sumLedgerByAsset } from '../../db/repositories/ledger.js';
import { balanceIn } from '../../domain/ledger.js';
import type { ServiceDeps } from '../../deps.js';
import { GUESSING_LOCK_AFTER } from '../../domain/guessing-policy.js';
import { recordStaffEvent } from '../audit/record-staff-event.js';
import { cardSummary } from './card-summary.js';
import { timelinePage } from './card-timeline.js';
import type { StaffActor } from '../../card-commands/actor.js';
import { scopeIncludes, staffCardNotFound, type StaffScope } from './staff-scope.js';

/**
 * GET /admin/api/cards/{id}: the card page, with the first page of its timeline. Opening it is
 * on the record: a `staff.card_open` audit event in the same transaction as the read, so there
 * is no answer without its event. A card outside the caller's brands, or none, is CARD_NOT_FOUND
 * and writes nothing.
 */
export async function readCardForStaff(
  deps: Pick<ServiceDeps, 'db' | 'crypto' | 'now'>,
  scope: StaffScope,
  actor: StaffActor,
  cardId: string,
): Promise<AdminCard> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const card = await findStaffCardById(trx, cardId);
    if (!card || !scopeIncludes(scope, card.brand_code)) throw staffCardNotFound();
    await recordStaffEvent(trx, actor, { type: 'staff.card_open', outcome: 'opened', brandId: card.brand_id, cardId: card.id }, at);
    return cardPage(trx, deps.crypto, card, now);
  });
}

/**
 * The card page of a card the caller may see (the caller checked), read in the caller's
 * transaction: what opening it answers, and what a staff action on it answers afterwards.
 */
export async function cardPage(trx: Executor, crypto: ServiceDeps['crypto'], card: StaffCardRow, now: Date): Promise<AdminCard> {
  const balance = balanceIn(await sumLedgerByAsset(trx, card.id), card.asset_code);
  const guesses = await readNumberGuesses(trx, cardNumberIndexes(crypto, card));
  const replacementSent = await hasReplacementEmail(trx, card.id);
  const timeline = await timelinePage(trx, crypto, card.id);
  const failedAttempts = guesses?.failed_attempts ?? 0;
  const coolingDownUntil = guesses?.locked_until && new Date(guesses.locked_until).getTime() > now.getTime() ? guesses.locked_until : null;
  return {
    ...cardSummary(card, balance, now),
    blockReason: card.block_reason,
    blockedAt: card.blocked_at,
    expiresAt: card.expires_at ? card.expires_at.slice(0, 10) : null,
    guessing: { failedAttempts, coolingDownUntil, locked: failedAttempts >= GUESSING_LOCK_AFTER },
    replacementSent,
    timeline: timeline.items,
    timelineNextCursor: timeline.nextCursor,
  };
}
