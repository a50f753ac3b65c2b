import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { payoutRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { PageShell } from '../../components/PageShell/PageShell';
import { ErrorPage } from '../../components/ErrorPage/ErrorPage';
import { Button } from '../../components/Button/Button';
import { clearPayout, usePayoutState } from './state';
import styles from './payout.module.css';

/**
 * /:slug/payout/failed (spec §2.5, §8): the generic error (generic__error_Title,
 * generic__error_text) with a retry button that clears the held card data and returns to the
 * start (§4). Without a card in state: back to the start.
 */
export function FailedScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = usePayoutState(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('generic__error_Title'));

  if (!state) return <Redirect to={absolute(payoutRoutes.start.path(slug))} replace />;

  return (
    <PageShell>
      <ErrorPage title={t('generic__error_Title')} message={t('generic__error_text')} />
      <div className={styles.actions}>
        <Button
          variant="retry"
          onClick={() => {
            navigate(payoutRoutes.start.path(slug));
            clearPayout(slug);
          }}
        >
          {t('generic__retry')}
        </Button>
      </div>
    </PageShell>
  );
}
