import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { payoutRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button/Button';
import { usePayoutState } from './state';

/**
 * /:slug/payout/cancelled (spec §2.5, §8): the identification was cancelled at the bank. The
 * payout_cancelled warning, and a retry button back to amount, where the IBAN typed before is
 * filled in again (the callback put the card, security code and IBAN back from the stored entry).
 * Without a card in state: back to the start.
 */
export function CancelledScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = usePayoutState(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('payout__cancelled_title'));

  if (!state) return <Redirect to={absolute(payoutRoutes.start.path(slug))} replace />;

  return (
    <PageShell>
      <OverviewTitle title={t('payout__cancelled_title')} />
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
    </PageShell>
  );
}
