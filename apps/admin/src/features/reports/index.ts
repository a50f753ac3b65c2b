import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** Finance, brand-admin and admin (`reports.read`); the chart library loads with this page only. */
export const reportsFeature: AdminFeature = {
  path: '/reports',
  Page: lazy(() => import('./ReportsPage')),
  requires: 'reports.read',
  nav: { label: 'nav.reports', href: '/reports' },
};
