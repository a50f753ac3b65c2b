import { ResultPage } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Alert } from '../../components/Alert/Alert';
import { payoutResult } from './state';

/**
 * /:slug/payout/alreadyregistered (docs/product/payout.md CARD_ALREADY_REGISTERED): the card was
 * already paid out or registered; a button clears the held data and goes to the start. Without a
 * card in state: back to the start.
 */
export function AlreadyRegisteredScreen() {
  const { t, title, state, backToStart, restart } = useResultScreen(payoutResult, 'payout__already_registered_title');
  if (!state) return backToStart;

  return (
    <ResultPage
      title={title}
      action={{ label: t('payout__already_registered_button'), variant: 'secondary', onClick: restart }}
    >
      <CardSummary cardNumber={state.card.code} status="active" />
      <Alert tone="info">
        <p>{t('payout__already_registered_text')}</p>
      </Alert>
    </ResultPage>
  );
}
