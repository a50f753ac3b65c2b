import type { reportPeriodQuerySchema } from '@tessera/contracts/admin';
import { type ActivityKind, type ActivityReport, EXPIRING_WINDOWS, type ExpiringReport, type LiabilityReport, REPORT_MAX_DAYS } from '@tessera/contracts/admin';
import type { z } from 'zod';
import { findBrandByCode } from '../../db/repositories/brands.js';
import type { ServiceDeps } from '../../deps.js';
import { amsterdamDay } from '../../domain/report-period.js';
import { AppError } from '../../errors.js';
import { customerEventsByDay, ledgerActivityByDay } from '../../reports/activity.js';
import { expiringTotals } from '../../reports/expiring.js';
import { liabilityByDay } from '../../reports/liability.js';

/**
 * The back office's reports (docs/back-office.md#reports): the same sums as `tessera reports`
 * (reports/), for one brand the caller may see (the route's guard checked the brand code against
 * their grants; an unknown code answers 404 here, as one outside them).
 */

type Deps = Pick<ServiceDeps, 'db' | 'now'>;
export type PeriodQuery = z.output<typeof reportPeriodQuerySchema>;

/** How many days a report covers when the query names no period: the 30 days up to today. */
const DEFAULT_DAYS = 30;

async function brandOf(deps: Deps, code: string): Promise<{ id: string; code: string; asset_code: string }> {
  const brand = await findBrandByCode(deps.db, code);
  if (!brand) throw new AppError('NOT_FOUND', 'No brand with this code exists.');
  return brand;
}

/** The calendar day `days` days before `day` (yyyy-mm-dd). */
function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/**
 * The period of a query: as named, else up to today and the 30 days up to its end. A day after
 * today is refused (its figures do not exist yet), as a period longer than REPORT_MAX_DAYS is.
 */
function periodOf(deps: Deps, query: PeriodQuery): { from: string; to: string } {
  const today = amsterdamDay(deps.now());
  const to = query.to ?? today;
  const from = query.from ?? daysBefore(to, DEFAULT_DAYS - 1);
  const refuse = (path: string, message: string) => new AppError('VALIDATION_ERROR', undefined, [{ path, message }]);
  if (to > today) throw refuse('to', 'not after today');
  if (from > to) throw refuse('from', 'not after to');
  if (daysBefore(to, REPORT_MAX_DAYS - 1) > from) throw refuse('from', `at most ${REPORT_MAX_DAYS} days before to`);
  return { from, to };
}

/** The brand's outstanding balance per asset at the end of each Amsterdam day of the period. */
export async function readLiabilityReport(deps: Deps, query: PeriodQuery): Promise<LiabilityReport & { brand: string; from: string; to: string }> {
  const period = periodOf(deps, query);
  const brand = await brandOf(deps, query.brand);
  const rows = await liabilityByDay(deps.db, { ...period, brandId: brand.id, assets: [brand.asset_code] });
  return { brand: brand.code, ...period, points: rows.map((r) => ({ date: r.day, value: r.balance, assetCode: r.asset })) };
}

/** The brand's balances expiring within 30, 60 and 90 days, per asset. */
export async function readExpiringReport(deps: Deps, query: { brand: string }): Promise<ExpiringReport & { brand: string; today: string }> {
  const brand = await brandOf(deps, query.brand);
  const rows = await expiringTotals(deps, { windows: EXPIRING_WINDOWS, brandId: brand.id, assets: [brand.asset_code] });
  return { brand: brand.code, today: amsterdamDay(deps.now()), buckets: rows.map((r) => ({ withinDays: r.withinDays, value: r.balance, cards: r.cards, assetCode: r.asset })) };
}

/** The brand's customer lookups and activations and ledger entries per kind, per Amsterdam day of the period. */
export async function readActivityReport(deps: Deps, query: PeriodQuery): Promise<ActivityReport & { brand: string; from: string; to: string }> {
  const period = periodOf(deps, query);
  const brand = await brandOf(deps, query.brand);
  const events = await customerEventsByDay(deps.db, { ...period, brandId: brand.id });
  const ledger = await ledgerActivityByDay(deps.db, { ...period, brandId: brand.id });
  const points: ActivityReport['points'] = [
    ...events.map((e) => ({ date: e.day, kind: e.kind as ActivityKind, count: e.count, value: null, assetCode: null })),
    ...ledger.map((r) => ({ date: r.day, kind: r.kind as ActivityKind, count: r.entries, value: r.amount, assetCode: r.asset })),
  ];
  return { brand: brand.code, ...period, points: points.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || (a.assetCode ?? '').localeCompare(b.assetCode ?? '')) };
}
