import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { PageShell } from '../PageShell/PageShell';
import { ErrorPage } from './ErrorPage';

/** A flow's error screen: the shared error page, with a way back to the flow's start. */
export function FlowErrorScreen({ startPath, message }: { startPath: (slug: string) => string; message?: ReactNode }) {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  useDocumentTitle(t('generic__error_Title'));
  return (
    <PageShell>
      <ErrorPage message={message} returnUrl={startPath(slug)} />
    </PageShell>
  );
}
