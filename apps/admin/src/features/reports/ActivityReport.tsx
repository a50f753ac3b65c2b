import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { ActivityKind } from '@tessera/contracts/admin';
import { useI18n, type TextKey } from '../../lib/i18n';
import { ScrollRegion } from '../../lib/ui/ScrollRegion';
import { activityQuery, csvDownloads, type ReportFilter } from './reportsApi';
import { axisNumber, daysOf, shortDay } from './reportFormat';
import { ReportSection } from './ReportSection';
import { type ChartSpec, UPlotChart } from './UPlotChart';

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
  const rows = points.map((p, index) => ({ ...p, key: index }));
  return (
    <ReportSection
      title={t('reports.activity.title')}
      intro={t('reports.activity.intro')}
      pending={report.isPending}
      error={report.error}
      empty={points.length === 0}
      emptyText={t('reports.activity.none')}
      download={() => csvDownloads.activity(filter)}
      chart={() => <UPlotChart spec={spec} caption={t('reports.chartCaption')} />}
      table={() => (
        <ScrollRegion label={t('reports.tableOf', { title: t('reports.activity.title') })}>
          <Table aria-label={t('reports.activity.title')} className="table">
            <TableHeader>
              <Column isRowHeader>{t('reports.date')}</Column>
              <Column>{t('reports.activity.kind')}</Column>
              <Column className="table__number">{t('reports.activity.count')}</Column>
              <Column className="table__number">{t('reports.activity.amount')}</Column>
            </TableHeader>
            <TableBody items={rows}>
              {(row) => (
                <Row id={row.key}>
                  <Cell>{formatDate(row.date)}</Cell>
                  <Cell>{t(kindText(row.kind))}</Cell>
                  <Cell className="table__number">{row.count}</Cell>
                  <Cell className="table__number">{row.value === null || row.assetCode === null ? '—' : formatMoney({ value: row.value, assetCode: row.assetCode })}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    />
  );
}
