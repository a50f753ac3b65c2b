import { useTranslation } from '../../lib/useTranslation';
import { resetRoutes } from '@tessera/contracts';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { ErrorPage } from '../../components/ErrorPage/ErrorPage';
import { PageShell } from '../../components/PageShell/PageShell';

/**
 * /:slug/reset/error: the shared error page (docs/product/reset.md#screens), with a way back to the
 * form.
 */
export function ErrorScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  useDocumentTitle(t('generic__error_Title'));
  return (
    <PageShell>
      <ErrorPage message={t('reset__error_text')} returnUrl={resetRoutes.start.path(slug)} />
    </PageShell>
  );
}
