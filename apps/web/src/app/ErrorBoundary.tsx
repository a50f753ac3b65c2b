import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ERROR_REPORT_CODE, utilityApi, type ErrorReport } from '@tessera/contracts';
import { apiRequest } from '../lib/api';
import { ErrorPage } from '../components/ErrorPage/ErrorPage';
import { PageShell } from '../components/PageShell/PageShell';

interface State {
  error: Error | null;
  id: string | null;
}

/** Where "back" leads after a crash: the start of the flow area it happened in, else `/`. */
function returnUrlFor(pathname: string): string {
  const [slug, area] = pathname.split('/').filter(Boolean);
  return slug && area && slug !== 'callback' ? `/${slug}/${area}` : '/';
}

/** Sends a render crash to the server; a failing report is only logged. */
export function reportRenderError(report: ErrorReport): Promise<void> {
  return apiRequest(utilityApi.errorReport.build(), { method: 'POST', body: report }).then(
    () => undefined,
    (error: unknown) => console.error('error report failed', error),
  );
}

/**
 * Top-level error boundary (docs/product/common.md): shows the generic error page with a
 * generated reference and reports the crash to POST /api/Utility/Error under that reference.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, id: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)), id: crypto.randomUUID() };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const id = this.state.id ?? crypto.randomUUID();
    const message = error instanceof Error ? error.message : String(error);
    void reportRenderError({
      id,
      code: ERROR_REPORT_CODE,
      message: message.slice(0, 2000),
      info: (info.componentStack ?? '').slice(0, 8000),
    });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <PageShell>
        <ErrorPage errorId={this.state.id ?? undefined} returnUrl={returnUrlFor(window.location.pathname)} />
      </PageShell>
    );
  }
}
