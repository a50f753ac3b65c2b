import type { Db } from '../db/database.js';
import { reportBrandId } from './report-scope.js';

export interface LiabilityRow {
  brand: string;
  asset: string;
  /** The outstanding balance: the sum of the ledger entries of the brand's cards in this asset, minor units. */
  balance: number;
  /** Cards with a balance above zero in this asset at that moment. */
  cardsWithBalance: number;
}

/**
 * `tessera reports liability [--at DATE] [--brand CODE]`: what Tessera owes on open balances at a
 * moment, per brand and asset: the sum of every ledger entry created at or before it (a balance
 * is the sum of a card's entries, domain/ledger.ts), so it equals the ledger's own sums by
 * construction. Summed in the database: the ledger is never loaded whole.
 */
export async function reportLiability(deps: { db: Db }, input: { at: Date; brand?: string }): Promise<LiabilityRow[]> {
  const brandId = await reportBrandId(deps.db, input.brand);
  const at = input.at.toISOString();
  let perCard = deps.db
    .selectFrom('ledger_entries as l')
    .innerJoin('cards as c', 'c.id', 'l.card_id')
    .select((eb) => ['c.brand_id as brand_id', 'l.asset_code as asset_code', eb.fn.sum<number | string>('l.amount').as('total')])
    .where('l.created_at', '<=', at)
    .groupBy(['l.card_id', 'c.brand_id', 'l.asset_code']);
  if (brandId) perCard = perCard.where('c.brand_id', '=', brandId);
  const rows = await deps.db
    .selectFrom(perCard.as('p'))
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select((eb) => [
      'b.code as brand',
      'p.asset_code as asset',
      eb.fn.sum<number | string>('p.total').as('balance'),
      eb.fn.sum<number | string>(eb.case().when('p.total', '>', 0).then(1).else(0).end()).as('cards'),
    ])
    .groupBy(['b.code', 'p.asset_code'])
    .orderBy('b.code')
    .orderBy('p.asset_code')
    .execute();
  // PostgreSQL answers SUM of integers as a bigint string.
  return rows.map((r) => ({ brand: r.brand, asset: r.asset, balance: Number(r.balance), cardsWithBalance: Number(r.cards) }));
}
