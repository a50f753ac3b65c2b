import { lazy } from 'react';
import type { AdminFeature } from '../../lib/feature';

/** The brand's settings, texts, preview, publish and versions: brand-admins and admins (`brand.manage`). */
export const brandSettingsFeature: AdminFeature = {
  path: '/brand-settings',
  Page: lazy(() => import('./BrandSettingsPage')),
  requires: 'brand.manage',
  nav: { label: 'nav.brandSettings', href: '/brand-settings' },
};
