import type { Insertable } from 'kysely';
import { CREDITED_BACK_STATUSES } from '../../domain/payout.js';
import { isPostgres } from '../database.js';
import type { PayoutIbanBlocksTable, PayoutReviewsTable, PayoutRow } from '../schema.js';
import type { Executor } from './executor.js';

/**
 * The queries behind the payout review rules (domain/payout-review.ts) and the review itself. An
 * IBAN or an identity is always named by the candidates of its blind index (the current index key
 * version's and, during a rotation, the previous one's), so no row is decrypted to compare.
 */

/** How many other cards had payouts (not credited back) to this IBAN since `since`, any brand. */
export async function countOtherCardsToIban(db: Executor, ibanIndexes: readonly string[], cardId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => eb.fn.count<string | number>('card_id').distinct().as('n'))
    .where('iban_index', 'in', [...ibanIndexes])
    .where('created_at', '>=', since)
    .where('card_id', '<>', cardId)
    .where('status', 'not in', [...CREDITED_BACK_STATUSES])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The sum of the payouts (not credited back) of one bank-verified identity since `since`, any brand, in minor units. */
export async function identityPayoutTotal(db: Executor, subjectHashes: readonly string[], since: string): Promise<number> {
  const row = await db
    .selectFrom('payouts')
    .innerJoin('identity_sessions', 'identity_sessions.id', 'payouts.identity_session_id')
    .select((eb) => eb.fn.sum<string | number | null>('payouts.amount').as('total'))
    .where('identity_sessions.subject_hash', 'in', [...subjectHashes])
    .where('payouts.created_at', '>=', since)
    .where('payouts.status', 'not in', [...CREDITED_BACK_STATUSES])
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function isIbanBlocked(db: Executor, brandId: string, ibanIndexes: readonly string[]): Promise<boolean> {
  const row = await db.selectFrom('payout_iban_blocks').select('id').where('brand_id', '=', brandId).where('iban_index', 'in', [...ibanIndexes]).executeTakeFirst();
  return row !== undefined;
}

/** Whether the card entered a guessing cool-down or the lock since `since` (the `card.lockout` audit events). */
export async function hadLockoutSince(db: Executor, cardId: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_events')
    .select('id')
    .where('card_id', '=', cardId)
    .where('type', '=', 'card.lockout')
    .where('occurred_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPayoutReview(db: Executor, review: Insertable<PayoutReviewsTable>): Promise<void> {
  await db.insertInto('payout_reviews').values(review).execute();
}

/** The held payouts of some brands (codes, upper case; 'all'), oldest first, with what the review page shows. */
export async function listHeldPayouts(db: Executor, brands: 'all' | readonly string[]) {
  let query = db
    .selectFrom('payouts')
    .innerJoin('brands', 'brands.id', 'payouts.brand_id')
    .innerJoin('cards', 'cards.id', 'payouts.card_id')
    .leftJoin('payout_reviews', 'payout_reviews.payout_id', 'payouts.id')
    .select([
      'payouts.id',
      'payouts.card_id',
      'payouts.amount',
      'payouts.fee',
      'payouts.asset_code',
      'payouts.iban_hint',
      'payouts.iban_index',
      'payouts.identity_session_id',
      'payouts.created_at',
      'payouts.status',
      'brands.code as brand_code',
      'cards.number_last3',
      'payout_reviews.rules',
    ])
    .where('payouts.status', '=', 'held')
    .orderBy('payouts.created_at')
    .orderBy('payouts.id');
  if (brands !== 'all') {
    if (brands.length === 0) return [];
    query = query.where((eb) => eb.fn('upper', ['brands.code']), 'in', [...brands]);
  }
  return query.execute();
}

/** A payout with its brand's code, locked on PostgreSQL for the decision. */
export async function findPayoutForReview(db: Executor, id: string): Promise<(PayoutRow & { brand_code: string }) | undefined> {
  const query = db.selectFrom('payouts').innerJoin('brands', 'brands.id', 'payouts.brand_id').selectAll('payouts').select('brands.code as brand_code').where('payouts.id', '=', id);
  return (isPostgres(db) ? query.forUpdate('payouts') : query).executeTakeFirst();
}

/** Moves a held payout on, only while it is held; answers whether it did. */
export async function decideHeldPayout(db: Executor, id: string, to: 'pending' | 'rejected', at: string): Promise<boolean> {
  const result = await db
    .updateTable('payouts')
    .set({ status: to, updated_at: at, ...(to === 'rejected' ? { settled_at: at } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordReviewDecision(db: Executor, payoutId: string, decision: { decision: 'released' | 'rejected'; by: string; at: string; fraud: boolean }): Promise<void> {
  await db
    .updateTable('payout_reviews')
    .set({ decision: decision.decision, decided_by: decision.by, decided_at: decision.at, fraud: decision.fraud ? 1 : 0 })
    .where('payout_id', '=', payoutId)
    .execute();
}

/** Puts an IBAN on a brand's block list, once: a second fraud on one IBAN adds nothing. */
export async function addIbanBlock(db: Executor, block: Insertable<PayoutIbanBlocksTable>, ibanIndexes: readonly string[]): Promise<boolean> {
  if (await isIbanBlocked(db, block.brand_id, ibanIndexes)) return false;
  await db.insertInto('payout_iban_blocks').values(block).execute();
  return true;
}

/** Other cards paid (any status) to the IBAN, or by the identity, of a held payout: the review page's links. */
export async function relatedCards(db: Executor, payout: { card_id: string; iban_index: string | null; identity_session_id: string | null }, subjectHashes: readonly string[] | null) {
  const byIban =
    payout.iban_index === null
      ? []
      : await db
          .selectFrom('payouts')
          .innerJoin('cards', 'cards.id', 'payouts.card_id')
          .innerJoin('brands', 'brands.id', 'cards.brand_id')
          .select(['cards.id', 'brands.code as brand_code', 'cards.number_last3'])
          .where('payouts.iban_index', '=', payout.iban_index)
          .where('payouts.card_id', '<>', payout.card_id)
          .distinct()
          .execute();
  const byIdentity =
    subjectHashes === null
      ? []
      : await db
          .selectFrom('payouts')
          .innerJoin('identity_sessions', 'identity_sessions.id', 'payouts.identity_session_id')
          .innerJoin('cards', 'cards.id', 'payouts.card_id')
          .innerJoin('brands', 'brands.id', 'cards.brand_id')
          .select(['cards.id', 'brands.code as brand_code', 'cards.number_last3'])
          .where('identity_sessions.subject_hash', 'in', [...subjectHashes])
          .where('payouts.card_id', '<>', payout.card_id)
          .distinct()
          .execute();
  return { byIban, byIdentity };
}

export async function subjectHashOfSession(db: Executor, sessionId: string): Promise<string | null> {
  const row = await db.selectFrom('identity_sessions').select('subject_hash').where('id', '=', sessionId).executeTakeFirst();
  return row?.subject_hash ?? null;
}

/** A page of payouts without an IBAN index (from before 020), after `after`, in id order. */
export async function findPayoutsWithoutIbanIndex(db: Executor, after: string, limit: number) {
  return db.selectFrom('payouts').select(['id', 'iban_ciphertext']).where('iban_index', 'is', null).where('id', '>', after).orderBy('id').limit(limit).execute();
}

export async function setPayoutIbanIndex(db: Executor, id: string, ibanIndex: string): Promise<void> {
  await db.updateTable('payouts').set({ iban_index: ibanIndex }).where('id', '=', id).where('iban_index', 'is', null).execute();
}
