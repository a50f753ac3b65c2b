import { ResultPage } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Alert } from '../../components/Alert/Alert';
import { identifyResult, type IdentifyFailure } from './state';

const failureText: Record<IdentifyFailure, string> = {
  cancelled: 'identify__failed_cancelled',
  alreadyRegistered: 'identify__failed_already_registered',
  failed: 'identify__failed_text',
};

/**
 * /:slug/identify/failed (docs/product/identify.md#screens): the card (masked: only success shows
 * it in full), the failure text (why, when the server said: cancelled at the bank, already
 * registered) and a start-again button that clears the held data. Without a card in state: back to
 * the start.
 */
export function FailedScreen() {
  const { t, title, state, backToStart, restart } = useResultScreen(identifyResult, 'identify__failed_title');
  if (!state) return backToStart;

  return (
    <ResultPage title={title} action={{ label: t('identify__failed_restart'), variant: 'retry', onClick: restart }}>
      <CardSummary cardNumber={state.card.maskedNumber} status="active" />
      <Alert tone="danger">
        <p>{t(failureText[state.failure ?? 'failed'])}</p>
      </Alert>
    </ResultPage>
  );
}
