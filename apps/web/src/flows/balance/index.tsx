import { lazy, useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { balanceRoutes } from '@tessera/contracts';
import { NotFoundNotice } from '../../components/Notice/Notice';
import { PageShell } from '../../components/PageShell/PageShell';
import { caseInsensitiveParser } from '../../lib/router';
import { LookupScreen } from './LookupScreen';
import { ErrorScreen } from './ErrorScreen';

/**
 * Screens after the lookup (and the embed, which is a page of its own) load on demand, so the
 * first BALANCE screen carries only the lookup form; the flow prefetches them once it is shown,
 * so moving on to the balance does not wait on the network. FlowArea's Suspense covers the load.
 */
const loadAmountScreen = () => import('./AmountScreen').then((m) => ({ default: m.AmountScreen }));
const AmountScreen = lazy(loadAmountScreen);
const EmbedScreen = lazy(() => import('./EmbedScreen').then((m) => ({ default: m.EmbedScreen })));

/**
 * A pattern of `balanceRoutes` (relative, no leading slash) as a path inside the nested area; a
 * trailing `/*` also matches the bare path, as the table means (regexparam spells that `/*?`).
 */
const inArea = (pattern: string) => `/${pattern}`.replace(/\/\*$/, '/*?');

/**
 * BALANCE flow (spec §2.6), mounted (nested) at /:slug/balance: paths here are relative to it.
 * Matching inside the area is case-insensitive, as the area's screens always were.
 */
export default function BalanceFlow() {
  useEffect(() => {
    void loadAmountScreen();
  }, []);
  return (
    <Router parser={caseInsensitiveParser}>
      <Switch>
        <Route path={inArea(balanceRoutes.start)} component={LookupScreen} />
        <Route path={inArea(balanceRoutes.amount)} component={AmountScreen} />
        <Route path={inArea(balanceRoutes.error)} component={ErrorScreen} />
        <Route path={inArea(balanceRoutes.embed)} component={EmbedScreen} />
        <Route>
          <PageShell>
            <NotFoundNotice />
          </PageShell>
        </Route>
      </Switch>
    </Router>
  );
}
