import { isValidElement, useEffect, type ComponentType, type ReactElement } from 'react';
import { Route, Router, Switch } from 'wouter';
import type { FlowRoute } from '@tessera/contracts';
import { afterFirstInteraction } from '../../lib/firstInteraction';
import { caseInsensitiveParser } from '../../lib/router';
import { NotFoundNotice } from '../Notice/Notice';
import { PageShell } from '../PageShell/PageShell';

/** A screen of a flow: its route from the flow's table, and a component or an element with props. */
export type FlowScreen = readonly [route: FlowRoute, screen: ComponentType | ReactElement];

/**
 * A table pattern (relative, no leading slash) as a path inside the nested area; a trailing `/*`
 * also matches the bare path, as the table means (regexparam spells that `/*?`).
 */
const inArea = (pattern: string) => `/${pattern}`.replace(/\/\*$/, '/*?');

/**
 * A flow's screens, mounted (nested) under the flow's area: the first route that matches, else the
 * not-found notice. Matching inside an area is case-insensitive, as the areas' screens always were;
 * only the top-level table (src/app/routes.tsx) tells `/Identify` from `/identify`.
 */
export function FlowScreens({ screens, preloadLater }: { screens: readonly FlowScreen[]; preloadLater?: () => unknown }) {
  // A flow's later screens load once the cardholder has begun (lib/firstInteraction.ts): long
  // before they are needed, and not while the first screen loads.
  useEffect(() => {
    if (preloadLater) void afterFirstInteraction().then(preloadLater);
  }, [preloadLater]);
  return (
    <Router parser={caseInsensitiveParser}>
      <Switch>
        {screens.map(([route, screen]) =>
          isValidElement(screen) ? (
            <Route key={route.pattern} path={inArea(route.pattern)}>
              {screen}
            </Route>
          ) : (
            <Route key={route.pattern} path={inArea(route.pattern)} component={screen} />
          ),
        )}
        <Route>
          <PageShell>
            <NotFoundNotice />
          </PageShell>
        </Route>
      </Switch>
    </Router>
  );
}
