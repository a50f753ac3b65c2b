import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

export const searchFeature: AdminFeature = {
  path: '/',
  Page: lazy(() => import('./SearchPage')),
  requires: 'cards.read',
  nav: { label: 'nav.search', href: '/' },
};
