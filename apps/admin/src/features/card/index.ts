import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** A card's page; reached from the search's results and the audit trail, not from the navigation. */
export const cardFeature: AdminFeature = {
  path: '/cards/:id',
  Page: lazy(() => import('./CardPage')),
  requires: 'cards.read',
};
