import { useQuery } from '@tanstack/react-query';
import { grantAllows, type Adjustment } from '@tessera/contracts/admin';
import { adjustmentsQuery } from '../../lib/adjustments';
import { useI18n } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { AdjustmentsTable } from '../../lib/ui/AdjustmentsTable';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { PageHeading } from '../../lib/ui/PageHeading';
import { TablePanel } from '../../lib/ui/TablePanel';
import { ApproveForm, RejectForm, useDecisionTexts } from './DecisionForms';

/** How many decided adjustments the page shows under the queue. */
const DECIDED_SHOWN = 20;

/**
 * A pending adjustment's decision: approve or reject for a person with finance or admin on its
 * brand who did not propose it; for its proposer, that someone else decides (the server refuses
 * them anyway: FOUR_EYES_REQUIRED); for others, who decides.
 */
function Decision({ item }: { item: Adjustment }) {
  const { t } = useI18n();
  const me = useMe();
  const which = useDecisionTexts(item);
  if (item.proposedBy === me.email.toLowerCase()) return <>{t('adjustments.own')}</>;
  if (!me.grants.some((grant) => grantAllows(grant, 'adjustments.decide', item.brand))) return <>{t('adjustments.othersDecide')}</>;
  return (
    <div className="actions">
      <ConfirmDialog triggerLabel={t('adjustments.approve.open')} triggerAccessibleName={t('adjustments.approve.name', which)} title={t('adjustments.approve.title')}>
        {(close) => <ApproveForm item={item} close={close} />}
      </ConfirmDialog>
      <ConfirmDialog triggerLabel={t('adjustments.reject.open')} triggerAccessibleName={t('adjustments.reject.name', which)} title={t('adjustments.reject.title')} tone="danger">
        {(close) => <RejectForm item={item} close={close} />}
      </ConfirmDialog>
    </div>
  );
}

export default function AdjustmentsPage() {
  const { t } = useI18n();
  const pending = useQuery(adjustmentsQuery({ status: 'pending' }));
  const decided = useQuery(adjustmentsQuery({ status: 'decided' }));
  const recent = (decided.data?.items ?? []).slice(0, DECIDED_SHOWN);
  return (
    <>
      <PageHeading>{t('adjustments.title')}</PageHeading>
      <p>{t('adjustments.intro')}</p>
      <TablePanel title={t('adjustments.pending')} query={pending}>
        {pending.isSuccess &&
          (pending.data.items.length === 0 ? (
            <p>{t('adjustments.pending.empty')}</p>
          ) : (
            <AdjustmentsTable label={t('adjustments.pending')} items={pending.data.items} showCard decision={(item) => <Decision item={item} />} />
          ))}
      </TablePanel>
      <TablePanel title={t('adjustments.decided')} query={decided}>
        {decided.isSuccess && (recent.length === 0 ? <p>{t('adjustments.decided.empty')}</p> : <AdjustmentsTable label={t('adjustments.decided')} items={recent} showCard />)}
      </TablePanel>
    </>
  );
}
