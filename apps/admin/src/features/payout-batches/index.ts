import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** Payout batches: finance and admins (`payouts.review`) export pending payouts and list the batches. */
export const payoutBatchesFeature: AdminFeature = {
  path: '/payout-batches',
  Page: lazy(() => import('./PayoutBatchesPage')),
  requires: 'payouts.review',
  nav: { label: 'nav.payoutBatches', href: '/payout-batches' },
};

/** One batch: its file to download, its payouts and what the bank did with each. Reached from the list. */
export const payoutBatchFeature: AdminFeature = {
  path: '/payout-batches/:id',
  Page: lazy(() => import('./PayoutBatchPage')),
  requires: 'payouts.review',
};
