import { Route, Router, Switch } from 'wouter';
import { payoutRoutes } from '@tessera/contracts';
import { NotFoundNotice } from '../../components/Notice/Notice';
import { PageShell } from '../../components/PageShell/PageShell';
import { caseInsensitiveParser } from '../../lib/router';
import { StartScreen } from './StartScreen';
import { AmountScreen } from './AmountScreen';
import { CallbackScreen } from './CallbackScreen';
import { SuccessScreen } from './SuccessScreen';
import { FailedScreen } from './FailedScreen';
import { CancelledScreen } from './CancelledScreen';
import { AlreadyRegisteredScreen } from './AlreadyRegisteredScreen';
import { NoBalanceScreen } from './NoBalanceScreen';
import { InsufficientBalanceScreen } from './InsufficientBalanceScreen';

/**
 * PAYOUT flow (spec §2.5), mounted (nested) at /:slug/payout: paths here are relative to it.
 * The whole flow is one lazy chunk of its own (src/app/routes.tsx), outside the first BALANCE screen.
 */
export default function PayoutFlow() {
  return (
    <Router parser={caseInsensitiveParser}>
      <Switch>
        <Route path={`/${payoutRoutes.start}`} component={StartScreen} />
        <Route path={`/${payoutRoutes.amount}`} component={AmountScreen} />
        <Route path={`/${payoutRoutes.callback}`} component={CallbackScreen} />
        <Route path={`/${payoutRoutes.success}`} component={SuccessScreen} />
        <Route path={`/${payoutRoutes.failed}`} component={FailedScreen} />
        <Route path={`/${payoutRoutes.cancelled}`} component={CancelledScreen} />
        <Route path={`/${payoutRoutes.alreadyRegistered}`} component={AlreadyRegisteredScreen} />
        <Route path={`/${payoutRoutes.noBalance}`} component={NoBalanceScreen} />
        <Route path={`/${payoutRoutes.insufficientBalance}`} component={InsufficientBalanceScreen} />
        <Route>
          <PageShell>
            <NotFoundNotice />
          </PageShell>
        </Route>
      </Switch>
    </Router>
  );
}
