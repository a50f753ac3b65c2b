import { queryOptions } from '@tanstack/react-query';
import { adminApi, activityReportSchema, expiringReportSchema, liabilityReportSchema } from '@tessera/contracts/admin';
import { callApi, downloadFile } from '../../lib/http';

/** What the reports are asked for: one brand and a period of Amsterdam days (both included). */
export interface ReportFilter {
  brand: string;
  from: string;
  to: string;
}

const period = ({ brand, from, to }: ReportFilter) => ({ brand, from, to });

export const liabilityQuery = (filter: ReportFilter) =>
  queryOptions({ queryKey: ['reports', 'liability', filter], queryFn: () => callApi(adminApi.liabilityReport.build(undefined, period(filter)), liabilityReportSchema) });

export const expiringQuery = (brand: string) =>
  queryOptions({ queryKey: ['reports', 'expiring', brand], queryFn: () => callApi(adminApi.expiringReport.build(undefined, { brand }), expiringReportSchema) });

export const activityQuery = (filter: ReportFilter) =>
  queryOptions({ queryKey: ['reports', 'activity', filter], queryFn: () => callApi(adminApi.activityReport.build(undefined, period(filter)), activityReportSchema) });

/** The CSV files: the same calls with `Accept: text/csv`, saved under the name the server gives. */
export const csvDownloads = {
  liability: (filter: ReportFilter) => downloadFile(adminApi.liabilityReport.build(undefined, period(filter)), 'text/csv'),
  expiring: (filter: ReportFilter) => downloadFile(adminApi.expiringReport.build(undefined, { brand: filter.brand }), 'text/csv'),
  activity: (filter: ReportFilter) => downloadFile(adminApi.activityReport.build(undefined, period(filter)), 'text/csv'),
};

/** Today in Amsterdam (yyyy-mm-dd), the reports' time zone whatever the browser's. */
export function amsterdamToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The calendar day `days` before a yyyy-mm-dd day. */
export function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}
