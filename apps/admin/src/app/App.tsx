import { StrictMode, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Route, Router, Switch, useLocation } from 'wouter';
import { I18nProvider, type Language } from '../lib/i18n';
import { NoticeQueueProvider, NoticeRegion, type NoticeQueue } from '../lib/toast';
import { NavigatedProvider } from '../lib/ui/PageHeading';
import { Layout } from './Layout';
import { SignedOutPage } from './SignedOutPage';
import { SignInGate } from './SignInGate';

/** Marks the first change of path: from then on each page's h1 takes focus when it shows. */
function TrackNavigation({ children }: { children: React.ReactNode }) {
  const [location] = useLocation();
  const [start] = useState(location);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && location !== start) setNavigated(true);
  return <NavigatedProvider value={navigated}>{children}</NavigatedProvider>;
}

export interface AdminAppProps {
  queryClient: QueryClient;
  notices: NoticeQueue;
  language: Language;
}

/** The whole back office under /admin: the signed-out page outside the sign-in gate, the rest inside. */
export function AdminApp({ queryClient, notices, language }: AdminAppProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider initial={language}>
          <NoticeQueueProvider value={notices}>
            <Router base="/admin">
              <TrackNavigation>
                <Switch>
                  <Route path="/signed-out">
                    <main id="main" className="main main--plain" tabIndex={-1}>
                      <SignedOutPage />
                    </main>
                  </Route>
                  <Route>
                    <SignInGate>
                      <Layout />
                    </SignInGate>
                  </Route>
                </Switch>
              </TrackNavigation>
            </Router>
            <NoticeRegion queue={notices} />
          </NoticeQueueProvider>
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
