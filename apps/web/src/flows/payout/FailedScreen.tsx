import { PageShell } from '../../components/PageShell/PageShell';
import { ErrorPage } from '../../components/ErrorPage/ErrorPage';
import { ResultAction } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { payoutResult } from './state';

/**
 * /:slug/payout/failed (docs/product/payout.md): the generic error (generic__error_Title,
 * generic__error_text) with a retry button that clears the held card data and returns to the
 * start (docs/product/payout.md#callback). Without a card in state: back to the start.
 */
export function FailedScreen() {
  const { t, title, state, backToStart, restart } = useResultScreen(payoutResult, 'generic__error_Title');
  if (!state) return backToStart;

  return (
    <PageShell>
      <ErrorPage title={title} message={t('generic__error_text')} />
      <ResultAction label={t('generic__retry')} variant="retry" onClick={restart} />
    </PageShell>
  );
}
