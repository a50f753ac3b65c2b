import { PageShell } from '../components/PageShell/PageShell';
import { NotFoundNotice } from '../components/Notice/Notice';

/** Any path outside the flow areas. */
export function NotFoundPage() {
  return (
    <PageShell>
      <NotFoundNotice />
    </PageShell>
  );
}
