import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { NO_ASSET, payoutRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Button } from '../../components/Button/Button';
import { clearPayout, usePayoutState } from './state';
import styles from './payout.module.css';

/**
 * /:slug/payout/nobalance (spec §2.5): the card masked with its balance and currency (the
 * payoutBalance's, else the card's first balance), an end text and a retry button that clears the
 * held data and returns to the start. Without a card in state: back to the start.
 */
export function NoBalanceScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = usePayoutState(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('payout__no_balance_title'));

  if (!state) return <Redirect to={absolute(payoutRoutes.start.path(slug))} replace />;
  const { card } = state;
  const balance = card.payoutBalance
    ? { value: card.payoutBalance.balance, assetCode: card.payoutBalance.assetCode }
    : (card.balances[0]?.quantity ?? { value: 0, assetCode: NO_ASSET });

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('payout__no_balance_title')} />
      <CardSummary cardNumber={card.code} status="active" balance={balance} />
      <p>{t('payout__no_balance_text')}</p>
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
