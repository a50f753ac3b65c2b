import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ActivityKind } from '@tessera/contracts/admin';
import { useI18n, type TextKey } from '../../lib/i18n';
import { activityQuery, type ReportFilter } from './reportsApi';
import { axisNumber, daysOf, shortDay } from './reportFormat';
import { type ReportColumn, ReportSection } from './ReportSection';
import type { ChartSpec } from './UPlotChart';

/** What the chart draws, a line each (counts a day): what people and shops do with the cards; the table has every kind. */
const CHARTED: readonly ActivityKind[] = ['lookup', 'activation', 'redemption', 'load', 'payout', 'adjustment'];

const kindText = (kind: ActivityKind): TextKey => `reports.kind.${kind}` as TextKey;

/** Lookups, activations and the ledger's movements per day. */
export function ActivityReport({ filter }: { filter: ReportFilter }) {
  const { t, locale, formatMoney, formatDate } = useI18n();
  const report = useQuery(activityQuery(filter));
  const points = useMemo(() => report.data?.points ?? [], [report.data]);
  const spec = useMemo<ChartSpec>(() => {
    const days = daysOf(filter.from, filter.to);
    const day = shortDay(locale);
    return {
      kind: 'lines',
      categories: days.map(day),
      series: CHARTED.map((kind) => ({
        label: t(kindText(kind)),
        values: days.map((d) => points.filter((p) => p.date === d && p.kind === kind).reduce((sum, p) => sum + p.count, 0)),
      })),
      formatY: axisNumber(locale, 0),
    };
  }, [points, locale, t, filter.from, filter.to]);
  const columns: ReportColumn<(typeof points)[number]>[] = [
    { title: t('reports.date'), cell: (p) => formatDate(p.date) },
    { title: t('reports.activity.kind'), cell: (p) => t(kindText(p.kind)) },
    { title: t('reports.activity.count'), number: true, cell: (p) => p.count },
    { title: t('reports.activity.amount'), number: true, cell: (p) => (p.value === null || p.assetCode === null ? '—' : formatMoney({ value: p.value, assetCode: p.assetCode })) },
  ];
  return <ReportSection name="activity" filter={filter} query={report} spec={spec} columns={columns} items={points} />;
}
