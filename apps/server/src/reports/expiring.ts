import { maskCardNumber } from '@tessera/contracts';
import type { Db } from '../db/database.js';
import { listExpiringBalances, sumExpiringBalances } from '../db/repositories/reports.js';
import { amsterdamDay, nextDay } from '../domain/report-period.js';

/**
 * Balances that are about to expire, shared by `tessera reports expiring` and the back office's
 * report. Days are Amsterdam calendar days, as in every report (domain/report-period.ts): "within
 * N days" is today up to and including the Nth day after it. expires_at is a date or a time
 * (import-cards: an ISO date); both compare as text with these dates.
 */

export interface ExpiringRow {
  brand: string;
  card: string;
  expiresAt: string;
  asset: string;
  balance: number;
  blocked: boolean;
}

/** Today in Amsterdam and the first day after the window of `days` days: the window's dates. */
export function expiryWindow(now: Date, days: number): { from: string; before: string } {
  const from = amsterdamDay(now);
  let last = from;
  for (let day = 0; day < days; day++) last = nextDay(last);
  return { from, before: nextDay(last) };
}

/** The cards with a balance above zero expiring within `withinDays`, per brand, soonest first, numbers masked. No brand: every brand. */
export async function expiringCards(deps: { db: Db; now: () => Date }, input: { withinDays: number; brandId?: string }): Promise<ExpiringRow[]> {
  const rows = await listExpiringBalances(deps.db, { ...expiryWindow(deps.now(), input.withinDays), ...(input.brandId && { brandId: input.brandId }) });
  return rows.map((r) => ({ brand: r.brand, card: maskCardNumber(r.last3), expiresAt: r.expiresAt, asset: r.asset, balance: r.balance, blocked: r.blocked }));
}

/**
 * A brand's balances above zero expiring within each of `windows` days (ascending), per asset:
 * their sum and the number of cards. A window includes the shorter ones (within 60 days counts
 * the cards within 30 too); every window is answered for every asset that has any and for
 * `assets` (the brand's own: "nothing expires" is a figure too), zero or not.
 */
export async function expiringTotals(
  deps: { db: Db; now: () => Date },
  input: { windows: readonly number[]; brandId: string; assets?: readonly string[] },
): Promise<{ withinDays: number; asset: string; balance: number; cards: number }[]> {
  const now = deps.now();
  const bounds = input.windows.map((days) => expiryWindow(now, days));
  const rows = await sumExpiringBalances(deps.db, { from: amsterdamDay(now), before: bounds.map((b) => b.before), brandId: input.brandId });
  const assets = [...new Set([...(input.assets ?? []), ...rows.map((r) => r.asset)])].sort();
  return assets.flatMap((asset) =>
    input.windows.map((withinDays, index) => {
      const inside = rows.filter((r) => r.asset === asset && r.window <= index);
      return { withinDays, asset, balance: inside.reduce((sum, r) => sum + r.balance, 0), cards: inside.reduce((sum, r) => sum + r.cards, 0) };
    }),
  );
}
