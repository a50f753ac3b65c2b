import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { visaRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
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
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const navigate = useNavigate();
  const card = useVisaState('activation', slug);
  useDocumentTitle(t('visa__failed_title'));

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
