import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** Staff grants: admins of all brands only (`staff.manage` needs a grant on all brands). */
export const staffFeature: AdminFeature = {
  path: '/staff',
  Page: lazy(() => import('./StaffPage')),
  requires: 'staff.manage',
  nav: { label: 'nav.staff', href: '/staff' },
};
