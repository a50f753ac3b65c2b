import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** A brand's API keys and webhook endpoints: brand-admins of the brand and admins (`brand.manage`). */
export const brandIntegrationsFeature: AdminFeature = {
  path: '/integrations',
  Page: lazy(() => import('./IntegrationsPage')),
  requires: 'brand.manage',
  nav: { label: 'nav.integrations', href: '/integrations' },
};
