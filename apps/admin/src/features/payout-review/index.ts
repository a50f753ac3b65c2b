import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** Payouts a rule held: finance and admins release or reject them (`payouts.review`). */
export const payoutReviewFeature: AdminFeature = {
  path: '/payouts/held',
  Page: lazy(() => import('./PayoutReviewPage')),
  requires: 'payouts.review',
  nav: { label: 'nav.payoutReview', href: '/payouts/held' },
};
