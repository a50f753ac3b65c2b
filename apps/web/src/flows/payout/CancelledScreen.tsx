import { payoutRoutes } from '@tessera/contracts';
import { useNavigate } from '../../lib/router';
import { ResultPage } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button/Button';
import { payoutResult } from './state';

/**
 * /:slug/payout/cancelled (docs/product/payout.md): the identification was cancelled at the bank.
 * The payout_cancelled warning, and a retry button back to amount (the spec's way). After the
 * trip to the bank the page holds the card masked only: its number, security code and IBAN went to
 * the server with the session call and were never stored (docs/decisions/014, 2026-11-26), so
 * amount, finding no card number in memory, sends the cardholder on to the start to look the card
 * up again. Without a card in state: back to the start.
 */
export function CancelledScreen() {
  const { t, slug, title, state, backToStart } = useResultScreen(payoutResult, 'payout__cancelled_title');
  const navigate = useNavigate();
  if (!state) return backToStart;

  return (
    <ResultPage title={title} hidePoster={false}>
      <Alert
        tone="warning"
        actions={
          <Button variant="retry" onClick={() => navigate(payoutRoutes.amount.path(slug))}>
            {t('payout__cancelled_retry')}
          </Button>
        }
      >
        <p>{t('payout_cancelled')}</p>
      </Alert>
    </ResultPage>
  );
}
