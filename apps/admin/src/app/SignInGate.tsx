import { useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MeProvider, meQuery } from '../lib/session';
import { useI18n } from '../lib/i18n';
import { PageHeading } from '../lib/ui/PageHeading';
import { Loading } from '../lib/ui/Loading';
import { SignInPage } from './SignInPage';

function Plain({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="main main--plain" tabIndex={-1}>
      {children}
    </main>
  );
}

/**
 * Asks the server who is signed in. No one: the sign-in page, returning to this very page; that
 * is also where any later 401 lands (the query client clears who is signed in).
 */
export function SignInGate({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const me = useQuery(meQuery);
  const wasSignedIn = useRef(false);
  if (me.isPending) {
    return (
      <Plain>
        <Loading />
      </Plain>
    );
  }
  if (me.isError) {
    return (
      <Plain>
        <PageHeading>{t('error.title')}</PageHeading>
        <p role="alert">{t('error.unreachable')}</p>
      </Plain>
    );
  }
  if (!me.data) {
    return (
      <Plain>
        <SignInPage returnTo={window.location.pathname} expired={wasSignedIn.current} />
      </Plain>
    );
  }
  wasSignedIn.current = true;
  return <MeProvider value={me.data}>{children}</MeProvider>;
}
