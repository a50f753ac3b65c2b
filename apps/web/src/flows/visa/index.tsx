import { Redirect, Route, Router, Switch } from 'wouter';
import { NotFoundNotice } from '../../components/Notice/Notice';
import { PageShell } from '../../components/PageShell/PageShell';
import { caseInsensitiveParser } from '../../lib/router';
import { ActivateScreen } from './ActivateScreen';
import { CodeScreen } from './CodeScreen';
import { PasscodeScreen } from './PasscodeScreen';
import { ReviewScreen } from './ReviewScreen';
import { PinScreen } from './PinScreen';
import { SuccessScreen } from './SuccessScreen';
import { FailedScreen } from './FailedScreen';
import { AccountScreen } from './AccountScreen';
import { ResetRequestScreen } from './ResetRequestScreen';
import { DetailsScreen } from './DetailsScreen';
import { visaRoutes as r } from './routes';

/**
 * VISA flow (spec §2.3), mounted (nested) at /:slug/visa: paths here are relative to it. One lazy
 * chunk of its own (src/app/routes.tsx). /:slug/visa itself goes to activate.
 */
export default function VisaFlow() {
  return (
    <Router parser={caseInsensitiveParser}>
      <Switch>
        <Route path="/">
          <Redirect to={`/${r.activate}`} replace />
        </Route>
        <Route path={`/${r.activate}`} component={ActivateScreen} />
        <Route path={`/${r.activateOtc}`}>
          <CodeScreen variant="activation" />
        </Route>
        <Route path={`/${r.activateSecurity}`}>
          <PasscodeScreen variant="activation" />
        </Route>
        <Route path={`/${r.activateReview}`} component={ReviewScreen} />
        <Route path={`/${r.activatePin}`} component={PinScreen} />
        <Route path={`/${r.activateSuccess}`} component={SuccessScreen} />
        <Route path={`/${r.activateFailed}`} component={FailedScreen} />
        <Route path={`/${r.account}`} component={AccountScreen} />
        <Route path={`/${r.accountReset}`} component={ResetRequestScreen} />
        <Route path={`/${r.accountResetOtc}`}>
          <CodeScreen variant="recovery" />
        </Route>
        <Route path={`/${r.accountResetSecurity}`}>
          <PasscodeScreen variant="recovery" />
        </Route>
        <Route path={`/${r.accountDetails}`} component={DetailsScreen} />
        <Route>
          <PageShell>
            <NotFoundNotice />
          </PageShell>
        </Route>
      </Switch>
    </Router>
  );
}
