import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { PageHeading } from '../lib/ui/PageHeading';

function ErrorPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeading>{t('error.title')}</PageHeading>
      <p>{t('error.intro')}</p>
      <a href={window.location.pathname}>{t('error.reload')}</a>
    </>
  );
}

/**
 * A page that throws shows an error page inside the layout, so the navigation still works. The
 * layout keys it by path: going to another page starts it afresh.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
