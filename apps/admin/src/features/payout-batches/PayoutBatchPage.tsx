import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Cell, Column, Row, TableBody, TableHeader } from 'react-aria-components';
import { Link, useParams } from 'wouter';
import type { PayoutBatch } from '@tessera/contracts/admin';
import { shownMasked } from '../../lib/cardTexts';
import { useI18n } from '../../lib/i18n';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ScrollTable } from '../../lib/ui/ScrollRegion';
import { TablePanel } from '../../lib/ui/TablePanel';
import { ServerError } from '../../lib/ui/ServerError';
import { batchQuery, downloadBatchFile } from './payoutBatchesApi';
import { SETTLEMENTS_FROM, SettleForm } from './SettleForm';
import { usePayoutTexts } from './usePayoutTexts';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="facts__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The batch's file: downloaded again at any time, with a warning once the bank processed it. */
function FileSection({ batch }: { batch: PayoutBatch }) {
  const { t } = useI18n();
  const download = useMutation({ mutationFn: () => downloadBatchFile(batch.id) });
  const reported = batch.count - (batch.statuses.exported ?? 0);
  return (
    <section className="panel" aria-labelledby="file-title">
      <h2 id="file-title" className="panel__title">
        {t('payoutBatch.file')}
      </h2>
      <p>{t('payoutBatch.file.intro', { format: batch.format })}</p>
      {reported > 0 && <p className="caution">{t('payoutBatch.file.reported', { count: reported })}</p>}
      <Button className="button button--primary" isPending={download.isPending} onPress={() => download.mutate()}>
        {t('payoutBatch.download')}
      </Button>
      <ServerError error={download.error} />
    </section>
  );
}

export default function PayoutBatchPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t, language, formatMoney, formatDateTime, formatDate } = useI18n();
  const texts = usePayoutTexts();
  const batch = useQuery(batchQuery(id));
  return (
    <>
      <p className="breadcrumb">
        <Link href="/payout-batches">{t('payoutBatch.back')}</Link>
      </p>
      <PageHeading>{t('payoutBatch.title', { id })}</PageHeading>
      {batch.isPending && <Loading />}
      <ServerError error={batch.error} />
      {batch.data && (
        <>
          <section className="panel" aria-labelledby="batch-facts-title">
            <h2 id="batch-facts-title" className="panel__title">
              {t('payoutBatch.details')}
            </h2>
            <dl className="facts">
              <Fact term={t('payoutBatches.createdAt')}>{formatDateTime(batch.data.createdAt)}</Fact>
              <Fact term={t('payoutBatches.executionDate')}>{formatDate(batch.data.executionDate)}</Fact>
              <Fact term={t('payoutBatches.format')}>{batch.data.format}</Fact>
              <Fact term={t('payoutBatches.brands')}>{batch.data.brands.join(', ')}</Fact>
              <Fact term={t('payoutBatches.count')}>{batch.data.count}</Fact>
              <Fact term={t('payoutBatches.total')}>{formatMoney(batch.data.total)}</Fact>
              <Fact term={t('payoutBatches.statuses')}>{texts.statuses(batch.data.statuses)}</Fact>
            </dl>
          </section>
          <FileSection batch={batch.data} />
          <TablePanel title={t('payoutBatch.payouts')}>
            <p className="panel__intro">{t('payoutBatch.payouts.intro')}</p>
            <ScrollTable label={t('payoutBatch.payouts')}>
              <TableHeader>
                <Column isRowHeader>{t('payoutBatch.card')}</Column>
                <Column>{t('payoutBatches.brand')}</Column>
                <Column className="table__number">{t('payoutBatch.amount')}</Column>
                <Column className="table__number">{t('payoutBatch.fee')}</Column>
                <Column>{t('payoutBatch.iban')}</Column>
                <Column>{t('payoutBatch.status')}</Column>
                <Column>{t('payoutBatch.actions')}</Column>
                {/* Last, and broken where it must: the end-to-end id (up to 35 characters, to match the bank's report) would push the status and the buttons out of a desktop's view. */}
                <Column>{t('payoutBatch.endToEndId')}</Column>
              </TableHeader>
              <TableBody items={batch.data.payouts} dependencies={[language]}>
                {(payout) => (
                  <Row id={payout.id}>
                    <Cell>
                      <Link href={`/cards/${encodeURIComponent(payout.cardId)}`} className="mono">
                        {shownMasked(payout.masked)}
                      </Link>
                    </Cell>
                    <Cell>{payout.brand}</Cell>
                    <Cell className="table__number">{formatMoney(payout.amount)}</Cell>
                    <Cell className="table__number">{formatMoney(payout.fee)}</Cell>
                    <Cell className="mono">{payout.ibanHint}</Cell>
                    <Cell>{texts.status(payout.status)}</Cell>
                    <Cell>
                      <div className="row-actions">
                        {(SETTLEMENTS_FROM[payout.status] ?? []).map((settlement) => (
                          <ConfirmDialog
                            key={settlement}
                            triggerLabel={t(`payoutBatch.settle.${settlement}`)}
                            triggerAccessibleName={t(`payoutBatch.settle.${settlement}.name`, { card: shownMasked(payout.masked), amount: formatMoney(payout.amount) })}
                            title={t(`payoutBatch.settle.${settlement}.title`)}
                            tone={settlement === 'paid' ? 'default' : 'danger'}
                          >
                            {(close) => <SettleForm payout={payout} settlement={settlement} close={close} />}
                          </ConfirmDialog>
                        ))}
                      </div>
                    </Cell>
                    <Cell className="mono table__id">{payout.endToEndId}</Cell>
                  </Row>
                )}
              </TableBody>
            </ScrollTable>
          </TablePanel>
        </>
      )}
    </>
  );
}
