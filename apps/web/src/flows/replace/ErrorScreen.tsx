import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { replaceRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { ErrorPage } from '../../components/ErrorPage/ErrorPage';
import { PageShell } from '../../components/PageShell/PageShell';
import { useReplaceState } from './state';

/**
 * /:slug/replace/error (docs/product/replace.md: the replacement got no answer). The card may or
 * may not have been replaced, so the page says to look for the e-mail before trying again. Without
 * a card in state: back to the start.
 */
export function ErrorScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = useReplaceState(slug);
  useDocumentTitle(t('replace__error_title'));

  if (!state) return <Redirect to={absolute(replaceRoutes.start.path(slug))} replace />;
  return (
    <PageShell>
      <ErrorPage title={t('replace__error_title')} message={t('replace__error_page_text')} returnUrl={replaceRoutes.start.path(slug)} />
    </PageShell>
  );
}
