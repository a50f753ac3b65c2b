import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useI18n } from '../../lib/i18n';
import { ScrollRegion } from '../../lib/ui/ScrollRegion';
import { csvDownloads, liabilityQuery, type ReportFilter } from './reportsApi';
import { axisNumber, majorUnits, shortDay } from './reportFormat';
import { ReportSection } from './ReportSection';
import { type ChartSpec, UPlotChart } from './UPlotChart';

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
  const rows = points.map((p, index) => ({ ...p, key: index }));
  return (
    <ReportSection
      title={t('reports.liability.title')}
      intro={t('reports.liability.intro')}
      pending={report.isPending}
      error={report.error}
      empty={points.length === 0}
      emptyText={t('reports.liability.none')}
      download={() => csvDownloads.liability(filter)}
      chart={() => <UPlotChart spec={spec} caption={t('reports.chartCaption')} />}
      table={() => (
        <ScrollRegion label={t('reports.tableOf', { title: t('reports.liability.title') })}>
          <Table aria-label={t('reports.liability.title')} className="table">
            <TableHeader>
              <Column isRowHeader>{t('reports.date')}</Column>
              <Column>{t('reports.asset')}</Column>
              <Column className="table__number">{t('reports.balance')}</Column>
            </TableHeader>
            <TableBody items={rows}>
              {(row) => (
                <Row id={row.key}>
                  <Cell>{formatDate(row.date)}</Cell>
                  <Cell>{row.assetCode}</Cell>
                  <Cell className="table__number">{formatMoney({ value: row.value, assetCode: row.assetCode })}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    />
  );
}
