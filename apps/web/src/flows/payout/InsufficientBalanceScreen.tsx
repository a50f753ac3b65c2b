import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { payoutRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Button } from '../../components/Button/Button';
import { PayoutBreakdown } from './PayoutBreakdown';
import { clearPayout, usePayoutState } from './state';
import styles from './payout.module.css';

/**
 * /:slug/payout/unsufficientbalance (spec §2.5): the card number masked except its last 3
 * characters (XXX when shorter), the balance table (balance, fee, payout) with why nothing can be
 * paid out, and a retry button that clears the held data and returns to the start. Without a card
 * in state: back to the start; a card without a payoutBalance belongs on nobalance.
 */
export function InsufficientBalanceScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = usePayoutState(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('payout__insufficient_title'));

  if (!state) return <Redirect to={absolute(payoutRoutes.start.path(slug))} replace />;
  const { card } = state;
  if (!card.payoutBalance) return <Redirect to={absolute(payoutRoutes.noBalance.path(slug))} replace />;

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('payout__insufficient_title')} />
      <CardSummary cardNumber={card.code} status="active" />
      <PayoutBreakdown balance={card.payoutBalance} />
      <p>{t('payout__insufficient_text')}</p>
      <div className={styles.actions}>
        <Button
          variant="retry"
          onClick={() => {
            navigate(payoutRoutes.start.path(slug));
            clearPayout(slug);
          }}
        >
          {t('payout__other_card')}
        </Button>
      </div>
    </PageShell>
  );
}
