import { Redirect } from 'wouter';
import { visaRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button/Button';
import { useVisaState } from './state';

/**
 * activate/failed (docs/product/visa.md#screens): the activation failed; retry goes back to
 * activate/otc.
 */
export function FailedScreen() {
  const { t, slug, navigate } = useFlowScreen('visa__failed_title');
  const card = useVisaState('activation', slug);

  if (!card) return <Redirect to={absolute(visaRoutes.activate.path(slug))} replace />;

  return (
    <PageShell>
      <OverviewTitle title={t('visa__failed_title')} />
      <Alert
        tone="danger"
        actions={
          <Button variant="retry" onClick={() => navigate(visaRoutes.activateOtc.path(slug), { replace: true })}>
            {t('visa__failed_retry')}
          </Button>
        }
      >
        <p>{t('visa__failed_text')}</p>
      </Alert>
    </PageShell>
  );
}
