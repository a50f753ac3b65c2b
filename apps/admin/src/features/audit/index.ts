import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** Admins of all brands see every event; others their brands' card events (the server filters). */
export const auditFeature: AdminFeature = {
  path: '/audit',
  Page: lazy(() => import('./AuditPage')),
  requires: 'cards.read',
  nav: { label: 'nav.audit', href: '/audit' },
};
