import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ServerError } from '../../lib/ui/ServerError';
import { HeldPayoutItem } from './HeldPayoutItem';
import { heldPayoutsQuery } from './payoutReviewApi';

/**
 * Payouts held for review (docs/back-office.md): each with the rules it hit, its card (and so the
 * card's timeline) and the other cards paid to the same IBAN or by the same person one click away,
 * and release or reject. The IBAN is only ever shown masked, as the server answers it.
 */
export default function PayoutReviewPage() {
  const { t } = useI18n();
  const held = useQuery(heldPayoutsQuery);
  const items = held.data?.items ?? [];
  return (
    <>
      <PageHeading>{t('payoutReview.title')}</PageHeading>
      <p className="intro">{t('payoutReview.intro')}</p>
      {held.isPending && <Loading />}
      <ServerError error={held.error} />
      {held.isSuccess && items.length === 0 && <p className="panel">{t('payoutReview.empty')}</p>}
      {items.map((payout) => (
        <HeldPayoutItem key={payout.id} payout={payout} />
      ))}
    </>
  );
}
