import { useTranslation } from '../../lib/useTranslation';
import { balanceRoutes } from '@tessera/contracts';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { ErrorPage } from '../../components/ErrorPage/ErrorPage';
import { PageShell } from '../../components/PageShell/PageShell';

/** /:slug/balance/error: the shared error page, with a way back to the lookup. */
export function ErrorScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  useDocumentTitle(t('generic__error_Title'));
  return (
    <PageShell>
      <ErrorPage returnUrl={balanceRoutes.start.path(slug)} />
    </PageShell>
  );
}
