import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** The adjustments waiting for a second person, and those decided lately: whoever may propose sees them, finance and admins decide. */
export const adjustmentsFeature: AdminFeature = {
  path: '/adjustments',
  Page: lazy(() => import('./AdjustmentsPage')),
  requires: 'adjustments.propose',
  nav: { label: 'nav.adjustments', href: '/adjustments' },
};
