import type { Db } from '../db/database.js';
import { sumLedgerBefore, sumOutstandingBalances } from '../db/repositories/reports.js';
import { nextDay } from '../domain/report-period.js';
import { ledgerActivityByDay, periodBounds } from './activity.js';

/**
 * What is owed on open balances, shared by `tessera reports liability` and the back office's
 * report: a balance is the sum of a card's ledger entries (domain/ledger.ts), so the liability
 * is the sum of the entries up to a moment and equals the ledger's own sums by construction.
 * Summed in the database: the ledger is never loaded whole, nor the cards.
 */

export interface LiabilityRow {
  brand: string;
  asset: string;
  /** The outstanding balance: the sum of the ledger entries of the brand's cards in this asset, minor units. */
  balance: number;
  /** Cards with a balance above zero in this asset at that moment. */
  cardsWithBalance: number;
}

/** Per brand and asset at `at` (every entry created at or before it). No brand: every brand. */
export function liabilityAt(db: Db, input: { at: Date; brandId?: string }): Promise<LiabilityRow[]> {
  return sumOutstandingBalances(db, { at: input.at.toISOString(), ...(input.brandId && { brandId: input.brandId }) });
}

/**
 * A brand's outstanding balance per asset at the end of each Amsterdam day from `from` to `to`
 * (both included): the sum before the first day, then each day's movements added in turn. One
 * row per day and asset the brand's ledger has any entry in up to `to`, and per asset of
 * `assets` (the brand's own: an empty ledger is a balance of zero), by day and asset.
 */
export async function liabilityByDay(
  db: Db,
  input: { from: string; to: string; brandId: string; assets?: readonly string[] },
): Promise<{ day: string; asset: string; balance: number }[]> {
  const opening = await sumLedgerBefore(db, { before: periodBounds(input.from, input.to).start, brandId: input.brandId });
  const movements = await ledgerActivityByDay(db, input);
  const balance = new Map<string, number>((input.assets ?? []).map((asset) => [asset, 0]));
  for (const r of opening) balance.set(r.asset, r.amount);
  for (const m of movements) if (!balance.has(m.asset)) balance.set(m.asset, 0);
  const assets = [...balance.keys()].sort();
  const moved = new Map<string, number>();
  for (const m of movements) moved.set(`${m.day}\u0000${m.asset}`, (moved.get(`${m.day}\u0000${m.asset}`) ?? 0) + m.amount);
  const points: { day: string; asset: string; balance: number }[] = [];
  for (let day = input.from; day <= input.to; day = nextDay(day)) {
    for (const asset of assets) {
      const value = balance.get(asset)! + (moved.get(`${day}\u0000${asset}`) ?? 0);
      balance.set(asset, value);
      points.push({ day, asset, balance: value });
    }
  }
  return points;
}
