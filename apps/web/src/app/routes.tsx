import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { FLOW_CODES, appPaths, flowSegmentAliases, flowSegments, type FlowCode } from '@tessera/contracts';
import { preloadable, type Preloadable } from '../lib/preloadable';
import { caseSensitiveParser } from '../lib/router';
import { FlowArea } from './FlowArea';
import { NotFoundPage } from './NotFoundPage';

/**
 * Each flow's screens: its folder under src/flows/, loaded when the cardholder opens the flow. A
 * server-rendered page loads its flow before it hydrates (main.tsx), so the whole screen hydrates
 * at once.
 */
export const flowScreens: Record<FlowCode, Preloadable> = {
  BALANCE: preloadable(() => import('../flows/balance').then((m) => m.default)),
  RESET: preloadable(() => import('../flows/reset').then((m) => m.default)),
  REPLACE: preloadable(() => import('../flows/replace').then((m) => m.default)),
  VISA: preloadable(() => import('../flows/visa').then((m) => m.default)),
  PAYOUT: preloadable(() => import('../flows/payout').then((m) => m.default)),
  IDENTIFY: preloadable(() => import('../flows/identify').then((m) => m.default)),
};

/** `/`: the demo brands and their flows (demo mode; in production the server redirects `/`). */
const HomePage = lazy(() => import('./HomePage'));
/**
 * `/callback`: only the bank's return passes through it, on its way back into a flow; its code
 * stays off the first screen (the providers' Suspense covers the load).
 */
const CallbackPage = lazy(() => import('./CallbackPage').then((m) => ({ default: m.CallbackPage })));

/**
 * Route table: the area /:slug/<flow segment> (and everything below it, nested) for every flow and
 * its aliases, /callback, / and a 404. Matching is case-sensitive: /demo/Balance is not found.
 */
export const flowRoutes = FLOW_CODES.flatMap((code) =>
  [flowSegments[code], ...(flowSegmentAliases[code] ?? [])].map((segment) => ({
    code,
    path: `/:slug/${segment}`,
  })),
);


export function AppRoutes() {
  return (
    <Router parser={caseSensitiveParser}>
      <Switch>
        <Route path={appPaths.home}>
          <Suspense fallback={null}>
            <HomePage />
          </Suspense>
        </Route>
        <Route path={appPaths.callback} component={CallbackPage} />
        {flowRoutes.map(({ code, path }) => (
          <Route key={path} path={path} nest>
            <FlowArea flow={code} screens={flowScreens[code]} />
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Router>
  );
}
