import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n';
import { liabilityQuery, type ReportFilter } from './reportsApi';
import { axisNumber, majorUnits, shortDay } from './reportFormat';
import { type ReportColumn, ReportSection } from './ReportSection';
import type { ChartSpec } from './UPlotChart';

/** The brand's outstanding balance (what its cards hold) at the end of each day: a line per currency. */
export function LiabilityReport({ filter }: { filter: ReportFilter }) {
  const { t, locale, formatMoney, formatDate } = useI18n();
  const report = useQuery(liabilityQuery(filter));
  const points = useMemo(() => report.data?.points ?? [], [report.data]);
  const spec = useMemo<ChartSpec>(() => {
    const days = [...new Set(points.map((p) => p.date))];
    const assets = [...new Set(points.map((p) => p.assetCode))];
    const day = shortDay(locale);
    return {
      kind: 'lines',
      categories: days.map(day),
      series: assets.map((asset) => ({ label: asset, values: days.map((d) => { const p = points.find((q) => q.date === d && q.assetCode === asset); return p ? majorUnits(p.value, asset) : null; }) })),
      formatY: axisNumber(locale, 2),
    };
  }, [points, locale]);
  const columns: ReportColumn<(typeof points)[number]>[] = [
    { title: t('reports.date'), cell: (p) => formatDate(p.date) },
    { title: t('reports.asset'), cell: (p) => p.assetCode },
    { title: t('reports.balance'), number: true, cell: (p) => formatMoney({ value: p.value, assetCode: p.assetCode }) },
  ];
  return <ReportSection name="liability" filter={filter} query={report} spec={spec} columns={columns} items={points} />;
}
