import { useId, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useI18n } from '../../lib/i18n';
import { Loading } from '../../lib/ui/Loading';
import { ServerError } from '../../lib/ui/ServerError';

/**
 * One report: its heading and what it shows, a choice between the chart and the table (tabs: the
 * arrow keys move between them, Tab goes on into the one shown), and its CSV download. The table
 * is the report for a screen reader; the chart only draws it.
 */
export function ReportSection({
  title,
  intro,
  pending,
  error,
  empty,
  emptyText,
  chart,
  table,
  download,
}: {
  title: string;
  intro: string;
  pending: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  chart: () => ReactNode;
  table: () => ReactNode;
  download: () => Promise<void>;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const csv = useMutation({ mutationFn: download });
  return (
    <section className="panel report" aria-labelledby={headingId}>
      <div className="report__head">
        <h2 id={headingId} className="panel__title">
          {title}
        </h2>
        <Button className="button button--secondary" isPending={csv.isPending} isDisabled={pending || Boolean(error)} onPress={() => csv.mutate()}>
          {t('reports.download')}
          <span className="visually-hidden">: {title}</span>
        </Button>
      </div>
      <p className="report__intro">{intro}</p>
      <ServerError error={csv.error} />
      {pending ? (
        <Loading />
      ) : error ? (
        <ServerError error={error} />
      ) : empty ? (
        <p className="results__count">{emptyText}</p>
      ) : (
        <Tabs className="report__views" defaultSelectedKey="chart">
          <TabList className="tabs" aria-label={t('reports.view', { title })}>
            <Tab id="chart" className="tabs__tab">
              {t('reports.chart')}
            </Tab>
            <Tab id="table" className="tabs__tab">
              {t('reports.table')}
            </Tab>
          </TabList>
          <TabPanel id="chart" className="report__panel">
            {chart()}
          </TabPanel>
          <TabPanel id="table" className="report__panel">
            {table()}
          </TabPanel>
        </Tabs>
      )}
    </section>
  );
}
