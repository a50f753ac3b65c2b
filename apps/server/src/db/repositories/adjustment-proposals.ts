import { sql } from 'kysely';
import type { AdjustmentProposalsTable } from '../schema.js';
import type { Executor } from './executor.js';

/**
 * Balance adjustments under four eyes (migration 019). Listings are limited to the caller's
 * brands (`'all'`, or brand codes in upper case) in the query itself, so another brand's
 * proposal is never read.
 */

export type AdjustmentProposalRow = AdjustmentProposalsTable & { brand_code: string; number_last3: string };

function proposals(db: Executor) {
  return db
    .selectFrom('adjustment_proposals as a')
    .innerJoin('brands as b', 'b.id', 'a.brand_id')
    .innerJoin('cards as c', 'c.id', 'a.card_id')
    .selectAll('a')
    .select(['b.code as brand_code', 'c.number_last3']);
}

export async function insertAdjustmentProposal(db: Executor, row: AdjustmentProposalsTable): Promise<void> {
  await db.insertInto('adjustment_proposals').values(row).execute();
}

export async function findAdjustmentProposal(db: Executor, id: string): Promise<AdjustmentProposalRow | undefined> {
  return proposals(db).where('a.id', '=', id).executeTakeFirst();
}

/** The proposal of this card with this reference, if any: a repeated proposal is the same one. */
export async function findAdjustmentProposalByReference(db: Executor, cardId: string, reference: string): Promise<AdjustmentProposalRow | undefined> {
  return proposals(db).where('a.card_id', '=', cardId).where('a.reference', '=', reference).executeTakeFirst();
}

/** The code of a proposal's brand, or undefined: what the permission guard checks first. */
export async function findBrandCodeOfAdjustment(db: Executor, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('adjustment_proposals as a').innerJoin('brands as b', 'b.id', 'a.brand_id').select('b.code').where('a.id', '=', id).executeTakeFirst();
  return row?.code;
}

/** Newest first, as the back office lists everything. */
export async function listAdjustmentProposals(
  db: Executor,
  filter: { brands: 'all' | readonly string[]; status: AdjustmentProposalsTable['status'] | 'decided' | 'all'; cardId?: string },
  limit: number,
): Promise<AdjustmentProposalRow[]> {
  let query = proposals(db);
  if (filter.brands !== 'all') query = query.where(sql<string>`upper(b.code)`, 'in', filter.brands.length > 0 ? [...filter.brands] : ['']);
  if (filter.status === 'decided') query = query.where('a.status', '<>', 'pending');
  else if (filter.status !== 'all') query = query.where('a.status', '=', filter.status);
  if (filter.cardId !== undefined) query = query.where('a.card_id', '=', filter.cardId);
  return query.orderBy('a.proposed_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

/**
 * Records the decision of a proposal that is still pending; answers false when it was decided
 * already (the caller holds the card's lock, so this is a second line, not the first).
 */
export async function decideAdjustmentProposal(
  db: Executor,
  id: string,
  decision: Pick<AdjustmentProposalsTable, 'status' | 'decided_by' | 'decided_at' | 'decision_reason' | 'balance_before' | 'balance_after'>,
): Promise<boolean> {
  const result = await db.updateTable('adjustment_proposals').set(decision).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
