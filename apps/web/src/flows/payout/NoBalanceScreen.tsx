import { NO_ASSET } from '@tessera/contracts';
import { ResultPage } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { payoutResult } from './state';

/**
 * /:slug/payout/nobalance (docs/product/payout.md#screens): the card masked with its balance and
 * currency (the payoutBalance's, else the card's first balance), an end text and a retry button
 * that clears the held data and returns to the start. Without a card in state: back to the start.
 */
export function NoBalanceScreen() {
  const { t, title, state, backToStart, restart } = useResultScreen(payoutResult, 'payout__no_balance_title');
  if (!state) return backToStart;
  const { card } = state;
  const balance = card.payoutBalance
    ? { value: card.payoutBalance.balance, assetCode: card.payoutBalance.assetCode }
    : (card.balances[0]?.quantity ?? { value: 0, assetCode: NO_ASSET });

  return (
    <ResultPage title={title} action={{ label: t('payout__other_card'), variant: 'retry', onClick: restart }}>
      <CardSummary cardNumber={card.maskedNumber} status="active" balance={balance} />
      <p>{t('payout__no_balance_text')}</p>
    </ResultPage>
  );
}
