import { ResultPage } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Alert } from '../../components/Alert/Alert';
import { useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { payoutResult, usePayoutState } from './state';

const ALREADY_REGISTERED = { title: 'payout__already_registered_title', text: 'payout__already_registered_text' };
const ALREADY_PAID_OUT = { title: 'payout__already_paid_out_title', text: 'payout__already_paid_out_text' };

/**
 * /:slug/payout/alreadyregistered (docs/product/payout.md CARD_ALREADY_REGISTERED): the card was
 * already paid out or registered; a button clears the held data and goes to the start. After a 409
 * IDEMPOTENCY_CONFLICT (state.alreadyPaidOut) it says instead that the card was already paid out
 * with other details, and no more. Without a card in state: back to the start.
 */
export function AlreadyRegisteredScreen() {
  const { slug } = useRequiredFlowContext();
  const keys = usePayoutState(slug)?.alreadyPaidOut ? ALREADY_PAID_OUT : ALREADY_REGISTERED;
  const { t, title, state, backToStart, restart } = useResultScreen(payoutResult, keys.title);
  if (!state) return backToStart;

  return (
    <ResultPage
      title={title}
      action={{ label: t('payout__already_registered_button'), variant: 'secondary', onClick: restart }}
    >
      <CardSummary cardNumber={state.card.maskedNumber} status="active" />
      <Alert tone="info">
        <p>{t(keys.text)}</p>
      </Alert>
    </ResultPage>
  );
}
