import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, TableBody, TableHeader } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { useI18n } from '../../lib/i18n';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ScrollTable } from '../../lib/ui/ScrollRegion';
import { TablePanel } from '../../lib/ui/TablePanel';
import { ServerError } from '../../lib/ui/ServerError';
import { ExportForm } from './ExportForm';
import { batchesQuery } from './payoutBatchesApi';
import { usePayoutTexts } from './usePayoutTexts';

const batchPath = (id: string) => `/payout-batches/${encodeURIComponent(id)}`;

/** What waits for an export, per brand, and every batch so far, newest first. */
export default function PayoutBatchesPage() {
  const { t, language, formatMoney, formatDateTime, formatDate } = useI18n();
  const texts = usePayoutTexts();
  const [, navigate] = useLocation();
  const batches = useQuery(batchesQuery);
  const pending = batches.data?.pending ?? [];
  const items = batches.data?.items ?? [];
  return (
    <>
      <PageHeading>{t('payoutBatches.title')}</PageHeading>
      <ServerError error={batches.error} />
      {batches.isPending && <Loading />}
      <section className="panel" aria-labelledby="pending-title">
        <h2 id="pending-title" className="panel__title">
          {t('payoutBatches.pending')}
        </h2>
        <p className="panel__intro">{t('payoutBatches.pending.intro')}</p>
        {batches.isSuccess && pending.length === 0 && <p>{t('payoutBatches.pending.none')}</p>}
        {/* A list, not a grid: each brand's export is one Tab stop away, with no arrow keys to learn. */}
        {pending.length > 0 && (
          <ul className="pending-list" aria-labelledby="pending-title">
            {pending.map((p) => (
              <li key={p.brand} className="pending-list__item">
                <span>{t('payoutBatches.pending.of', { brand: p.brand, count: p.count, total: formatMoney(p.total) })}</span>
                <ConfirmDialog
                  triggerLabel={t('payoutBatches.export')}
                  triggerAccessibleName={t('payoutBatches.export.name', { brand: p.brand })}
                  title={t('payoutBatches.export.title', { brand: p.brand })}
                >
                  {(close) => <ExportForm brand={p.brand} count={p.count} total={formatMoney(p.total)} close={close} />}
                </ConfirmDialog>
              </li>
            ))}
          </ul>
        )}
      </section>
      <TablePanel title={t('payoutBatches.batches')}>
        {batches.isSuccess && items.length === 0 && <p>{t('payoutBatches.batches.none')}</p>}
        {items.length > 0 && (
          <ScrollTable label={t('payoutBatches.batches')} onRowAction={(id) => navigate(batchPath(String(id)))}>
            <TableHeader>
              <Column isRowHeader>{t('payoutBatches.batch')}</Column>
              <Column>{t('payoutBatches.createdAt')}</Column>
              <Column>{t('payoutBatches.executionDate')}</Column>
              <Column>{t('payoutBatches.brands')}</Column>
              <Column className="table__number">{t('payoutBatches.count')}</Column>
              <Column className="table__number">{t('payoutBatches.total')}</Column>
              <Column>{t('payoutBatches.statuses')}</Column>
            </TableHeader>
            <TableBody items={items} dependencies={[language]}>
              {(batch) => (
                <Row id={batch.id}>
                  <Cell>
                    <Link href={batchPath(batch.id)} className="mono">
                      {batch.id}
                    </Link>
                  </Cell>
                  <Cell>{formatDateTime(batch.createdAt)}</Cell>
                  <Cell>{formatDate(batch.executionDate)}</Cell>
                  <Cell>{batch.brands.join(', ')}</Cell>
                  <Cell className="table__number">{batch.count}</Cell>
                  <Cell className="table__number">{formatMoney(batch.total)}</Cell>
                  <Cell>{texts.statuses(batch.statuses)}</Cell>
                </Row>
              )}
            </TableBody>
          </ScrollTable>
        )}
      </TablePanel>
    </>
  );
}
