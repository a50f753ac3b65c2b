import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { EXPIRING_WINDOWS } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { ScrollRegion } from '../../lib/ui/ScrollRegion';
import { csvDownloads, expiringQuery, type ReportFilter } from './reportsApi';
import { axisNumber, majorUnits } from './reportFormat';
import { ReportSection } from './ReportSection';
import { type ChartSpec, UPlotChart } from './UPlotChart';

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
  const rows = buckets.map((b, index) => ({ ...b, key: index }));
  return (
    <ReportSection
      title={t('reports.expiring.title')}
      intro={t('reports.expiring.intro')}
      pending={report.isPending}
      error={report.error}
      empty={buckets.length === 0}
      emptyText={t('reports.expiring.none')}
      download={() => csvDownloads.expiring(filter)}
      chart={() => <UPlotChart spec={spec} caption={t('reports.chartCaption')} />}
      table={() => (
        <ScrollRegion label={t('reports.tableOf', { title: t('reports.expiring.title') })}>
          <Table aria-label={t('reports.expiring.title')} className="table">
            <TableHeader>
              <Column isRowHeader>{t('reports.expiring.window')}</Column>
              <Column>{t('reports.asset')}</Column>
              <Column className="table__number">{t('reports.expiring.cards')}</Column>
              <Column className="table__number">{t('reports.balance')}</Column>
            </TableHeader>
            <TableBody items={rows}>
              {(row) => (
                <Row id={row.key}>
                  <Cell>{t('reports.expiring.days', { days: row.withinDays })}</Cell>
                  <Cell>{row.assetCode}</Cell>
                  <Cell className="table__number">{row.cards}</Cell>
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
