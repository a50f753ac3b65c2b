import type { ActivityReport, ExpiringReport, LiabilityReport } from '@tessera/contracts/admin';
import { toCsv } from '../../domain/csv-text.js';

/**
 * The reports as CSV files (`Accept: text/csv`), written as `tessera reports` writes them (RFC
 * 4180, CRLF, text cells neutralised against formulas): one row per point, amounts in minor units
 * as the ledger keeps them, the brand in every row so a file read on its own says whose it is.
 */
export interface CsvFile {
  name: string;
  text: string;
}

export function liabilityCsv(report: LiabilityReport & { brand: string; from: string; to: string }): CsvFile {
  const { brand } = report;
  return {
    name: `liability-${brand}-${report.from}-${report.to}.csv`,
    text: toCsv(['date', 'brand', 'asset', 'balance_minor'], report.points.map((p) => [p.date, brand, p.assetCode, p.value])),
  };
}

export function expiringCsv(report: ExpiringReport & { brand: string; today: string }): CsvFile {
  const { brand } = report;
  return {
    name: `expiring-${brand}-${report.today}.csv`,
    text: toCsv(['from', 'within_days', 'brand', 'asset', 'balance_minor', 'cards'], report.buckets.map((b) => [report.today, b.withinDays, brand, b.assetCode, b.value, b.cards])),
  };
}

export function activityCsv(report: ActivityReport & { brand: string; from: string; to: string }): CsvFile {
  const { brand } = report;
  return {
    name: `activity-${brand}-${report.from}-${report.to}.csv`,
    text: toCsv(['date', 'brand', 'kind', 'count', 'asset', 'amount_minor'], report.points.map((p) => [p.date, brand, p.kind, p.count, p.assetCode, p.value])),
  };
}
