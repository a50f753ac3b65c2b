import { useId, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader, TabPanel, Tabs } from 'react-aria-components';
import { useI18n } from '../../lib/i18n';
import { Loading } from '../../lib/ui/Loading';
import { PanelHead } from '../../lib/ui/PanelHead';
import { ScrollRegion } from '../../lib/ui/ScrollRegion';
import { ServerError } from '../../lib/ui/ServerError';
import { TabBar } from '../../lib/ui/TabBar';
import { csvDownloads, type ReportFilter } from './reportsApi';
import { type ChartSpec, UPlotChart } from './UPlotChart';

/** A column of a report's table: its heading and what a row shows in it; the first names the row. */
export interface ReportColumn<Item> {
  title: string;
  /** Right-aligned, as numbers and amounts are. */
  number?: boolean;
  cell: (item: Item) => ReactNode;
}

/**
 * One report: its heading and what it shows (its texts are `reports.<name>.*`), a choice between
 * the chart and the table (tabs: the arrow keys move between them, Tab goes on into the one shown),
 * and its CSV download. The table is the report for a screen reader; the chart only draws it.
 */
export function ReportSection<Item>({
  name,
  filter,
  query,
  spec,
  columns,
  items,
}: {
  name: keyof typeof csvDownloads;
  filter: ReportFilter;
  query: { isPending: boolean; error: unknown };
  spec: ChartSpec;
  columns: readonly ReportColumn<Item>[];
  items: readonly Item[];
}) {
  const { t } = useI18n();
  const headingId = useId();
  const csv = useMutation({ mutationFn: () => csvDownloads[name](filter) });
  const title = t(`reports.${name}.title`);
  const pending = query.isPending;
  const error = query.error;
  const rows = items.map((item, key) => ({ key, item }));
  const cells = columns.map((column, index) => ({ ...column, id: `column-${index}`, isRowHeader: index === 0, className: column.number ? 'table__number' : undefined }));
  return (
    <section className="panel report" aria-labelledby={headingId}>
      <PanelHead id={headingId} title={title}>
        <Button className="button button--secondary" isPending={csv.isPending} isDisabled={pending || Boolean(error)} onPress={() => csv.mutate()}>
          {t('reports.download')}
          <span className="visually-hidden">: {title}</span>
        </Button>
      </PanelHead>
      <p className="report__intro">{t(`reports.${name}.intro`)}</p>
      <ServerError error={csv.error} />
      {pending ? (
        <Loading />
      ) : error ? (
        <ServerError error={error} />
      ) : items.length === 0 ? (
        <p className="results__count">{t(`reports.${name}.none`)}</p>
      ) : (
        <Tabs className="report__views" defaultSelectedKey="chart">
          <TabBar
            label={t('reports.view', { title })}
            tabs={[
              { id: 'chart', label: t('reports.chart') },
              { id: 'table', label: t('reports.table') },
            ]}
          />
          <TabPanel id="chart" className="report__panel">
            <UPlotChart spec={spec} caption={t('reports.chartCaption')} />
          </TabPanel>
          <TabPanel id="table" className="report__panel">
            <ScrollRegion label={t('reports.tableOf', { title })}>
              <Table aria-label={title} className="table">
                <TableHeader columns={cells}>
                  {(column) => (
                    <Column isRowHeader={column.isRowHeader} className={column.className}>
                      {column.title}
                    </Column>
                  )}
                </TableHeader>
                <TableBody items={rows}>
                  {(row) => (
                    <Row id={row.key} columns={cells}>
                      {(column) => <Cell className={column.className}>{column.cell(row.item)}</Cell>}
                    </Row>
                  )}
                </TableBody>
              </Table>
            </ScrollRegion>
          </TabPanel>
        </Tabs>
      )}
    </section>
  );
}
