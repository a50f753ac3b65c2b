import { Redirect } from 'wouter';
import { payoutRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { ResultPage } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { PayoutBreakdown } from './PayoutBreakdown';
import { payoutResult } from './state';

/**
 * /:slug/payout/unsufficientbalance (docs/product/payout.md#screens): the card number masked except
 * its last 3 characters (XXX when shorter), the balance table (balance, fee, payout) with why
 * nothing can be paid out, and a retry button that clears the held data and returns to the start.
 * Without a card in state: back to the start; a card without a payoutBalance belongs on nobalance.
 */
export function InsufficientBalanceScreen() {
  const { t, slug, title, state, backToStart, restart } = useResultScreen(payoutResult, 'payout__insufficient_title');
  if (!state) return backToStart;
  const { card } = state;
  if (!card.payoutBalance) return <Redirect to={absolute(payoutRoutes.noBalance.path(slug))} replace />;

  return (
    <ResultPage title={title} action={{ label: t('payout__other_card'), variant: 'retry', onClick: restart }}>
      <CardSummary cardNumber={card.maskedNumber} status="active" />
      <PayoutBreakdown balance={card.payoutBalance} />
      <p>{t('payout__insufficient_text')}</p>
    </ResultPage>
  );
}
