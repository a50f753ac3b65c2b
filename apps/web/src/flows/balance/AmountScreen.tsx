import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { balanceRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { BalanceResult } from './BalanceResult';
import { balanceStore, useBalanceCard } from './state';

/** /:slug/balance/amount: the card's balance; without a card, back to the start (replace). */
export function AmountScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const card = useBalanceCard(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('balance__amount_title'));

  if (!card) return <Redirect to={absolute(balanceRoutes.start.path(slug))} replace />;
  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('balance__amount_title')} />
      <BalanceResult
        card={card}
        onRetry={() => {
          navigate(balanceRoutes.start.path(slug));
          balanceStore(slug).clear();
        }}
      />
    </PageShell>
  );
}
