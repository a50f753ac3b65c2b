import { Route, Router, Switch } from 'wouter';
import { identifyRoutes } from '@tessera/contracts';
import { NotFoundNotice } from '../../components/Notice/Notice';
import { PageShell } from '../../components/PageShell/PageShell';
import { caseInsensitiveParser } from '../../lib/router';
import { StartScreen } from './StartScreen';
import { ProviderScreen } from './ProviderScreen';
import { CallbackScreen } from './CallbackScreen';
import { SuccessScreen } from './SuccessScreen';
import { FailedScreen } from './FailedScreen';

/**
 * IDENTIFY flow (spec §2.7), mounted (nested) at /:slug/identify and /:slug/Identify: paths here
 * are relative to it; screens link with webPaths (/…/identify/…). One lazy chunk of its own.
 */
export default function IdentifyFlow() {
  return (
    <Router parser={caseInsensitiveParser}>
      <Switch>
        <Route path={`/${identifyRoutes.start}`} component={StartScreen} />
        <Route path={`/${identifyRoutes.provider}`} component={ProviderScreen} />
        <Route path={`/${identifyRoutes.callback}`} component={CallbackScreen} />
        <Route path={`/${identifyRoutes.success}`} component={SuccessScreen} />
        <Route path={`/${identifyRoutes.failed}`} component={FailedScreen} />
        <Route>
          <PageShell>
            <NotFoundNotice />
          </PageShell>
        </Route>
      </Switch>
    </Router>
  );
}
