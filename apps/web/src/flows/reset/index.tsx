import { Route, Router, Switch } from 'wouter';
import { resetRoutes } from '@tessera/contracts';
import { NotFoundNotice } from '../../components/Notice/Notice';
import { PageShell } from '../../components/PageShell/PageShell';
import { caseInsensitiveParser } from '../../lib/router';
import { StartScreen } from './StartScreen';
import { SuccessScreen } from './SuccessScreen';
import { ErrorScreen } from './ErrorScreen';

/**
 * RESET flow (spec §2.8), mounted (nested) at /:slug/reset: paths here are relative to it.
 * The whole flow is one lazy chunk of its own (src/app/routes.tsx), outside the first BALANCE screen.
 */
export default function ResetFlow() {
  return (
    <Router parser={caseInsensitiveParser}>
      <Switch>
        <Route path={`/${resetRoutes.start}`} component={StartScreen} />
        <Route path={`/${resetRoutes.success}`}>
          <SuccessScreen />
        </Route>
        <Route path={`/${resetRoutes.error}`} component={ErrorScreen} />
        <Route>
          <PageShell>
            <NotFoundNotice />
          </PageShell>
        </Route>
      </Switch>
    </Router>
  );
}
