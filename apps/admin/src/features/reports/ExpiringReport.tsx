import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EXPIRING_WINDOWS } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { expiringQuery, type ReportFilter } from './reportsApi';
import { axisNumber, majorUnits } from './reportFormat';
import { type ReportColumn, ReportSection } from './ReportSection';
import type { ChartSpec } from './UPlotChart';

/** Balances expiring within 30, 60 and 90 days from today: a bar per window and currency. */
export function ExpiringReport({ filter }: { filter: ReportFilter }) {
  const { t, locale, formatMoney } = useI18n();
  const report = useQuery(expiringQuery(filter.brand));
  const buckets = useMemo(() => report.data?.buckets ?? [], [report.data]);
  const spec = useMemo<ChartSpec>(() => {
    const assets = [...new Set(buckets.map((b) => b.assetCode))];
    return {
      kind: 'bars',
      categories: EXPIRING_WINDOWS.map((days) => t('reports.expiring.days', { days })),
      series: assets.map((asset) => ({
        label: asset,
        values: EXPIRING_WINDOWS.map((days) => { const b = buckets.find((q) => q.withinDays === days && q.assetCode === asset); return b ? majorUnits(b.value, asset) : null; }),
      })),
      formatY: axisNumber(locale, 2),
    };
  }, [buckets, locale, t]);
  const columns: ReportColumn<(typeof buckets)[number]>[] = [
    { title: t('reports.expiring.window'), cell: (b) => t('reports.expiring.days', { days: b.withinDays }) },
    { title: t('reports.asset'), cell: (b) => b.assetCode },
    { title: t('reports.expiring.cards'), number: true, cell: (b) => b.cards },
    { title: t('reports.balance'), number: true, cell: (b) => formatMoney({ value: b.value, assetCode: b.assetCode }) },
  ];
  return <ReportSection name="expiring" filter={filter} query={report} spec={spec} columns={columns} items={buckets} />;
}
