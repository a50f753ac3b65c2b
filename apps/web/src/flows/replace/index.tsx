import { Route, Router, Switch } from 'wouter';
import { replaceRoutes } from '@tessera/contracts';
import { NotFoundNotice } from '../../components/Notice/Notice';
import { PageShell } from '../../components/PageShell/PageShell';
import { caseInsensitiveParser } from '../../lib/router';
import { StartScreen } from './StartScreen';
import { EmailScreen } from './EmailScreen';
import { SuccessScreen } from './SuccessScreen';
import { ErrorScreen } from './ErrorScreen';

/**
 * REPLACE flow (spec §2.4), mounted (nested) at /:slug/replace: paths here are relative to it.
 * The whole flow is one lazy chunk of its own (src/app/routes.tsx), outside the first BALANCE screen.
 */
export default function ReplaceFlow() {
  return (
    <Router parser={caseInsensitiveParser}>
      <Switch>
        <Route path={`/${replaceRoutes.start}`} component={StartScreen} />
        <Route path={`/${replaceRoutes.email}`} component={EmailScreen} />
        <Route path={`/${replaceRoutes.success}`} component={SuccessScreen} />
        <Route path={`/${replaceRoutes.error}`} component={ErrorScreen} />
        <Route>
          <PageShell>
            <NotFoundNotice />
          </PageShell>
        </Route>
      </Switch>
    </Router>
  );
}
