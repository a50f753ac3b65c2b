import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { App } from '../http/route-types.js';
import { type DeclaredAdminRoute, guardStaffRoutes } from './admin-route.js';
import { adminAdjustmentRoutes } from './adjustments/routes.js';
import { adminApiRoutes } from './api-routes.js';
import { staffAuthRoutes } from './auth/routes.js';
import { adminCardRoutes } from './cards/routes.js';
import { adminReportRoutes } from './reports/routes.js';
import { adminPayoutBatchRoutes } from './payout-batches/routes.js';
import { adminPayoutRoutes } from './payouts/routes.js';
import { createStaffOidc } from './auth/staff-oidc.js';
import { adminPages } from './pages.js';
import { adminBrandSettingsRoutes } from './brand-settings/routes.js';
import { previewRoutes } from './brand-settings/preview.js';

export type { DeclaredAdminRoute } from './admin-route.js';

/** Calls that change something: everything but reads. */
const READS = new Set(['GET', 'HEAD']);
const ORIGIN_CHECKED = /^\/admin\/(api\/|auth\/logout(\?|$))/;

/**
 * The back office's server side (docs/decisions/030): sign-in under /admin/auth/, the JSON API
 * under /admin/api/ (each route declared with its action and brand: admin-route.ts), and the
 * back office app's pages (pages.ts, docs/decisions/031).
 *
 * - With ADMIN_URL the back office has a host of its own and answers only there: on any other host
 *   (the portal's) its paths answer 404. In demo mode without it, it answers on the portal's host.
 * - Every call that changes something (not GET or HEAD) under /admin/api/ and the sign-out must
 *   carry an Origin header equal to the back office's origin, else 403 FORBIDDEN before anything
 *   runs: a SameSite=Strict cookie already stays home, and this holds even where it would not.
 */
export async function backOfficeRoutes(app: App, { deps, declared }: { deps: ServiceDeps; declared: DeclaredAdminRoute[] }): Promise<void> {
  const staff = deps.config.staff;
  const ownHost = staff.host !== new URL(deps.config.publicUrl).host;
  const oidc = createStaffOidc(staff);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (ownHost && request.host !== staff.host) throw new AppError('NOT_FOUND');
    if (!READS.has(request.method) && ORIGIN_CHECKED.test(request.url) && request.headers.origin !== staff.origin) {
      throw new AppError('FORBIDDEN', 'This call must come from the back office itself (Origin).');
    }
  });
  await app.register(staffAuthRoutes, { deps, oidc });
  await app.register(async (api) => {
    guardStaffRoutes(api, deps, declared);
    await api.register(adminApiRoutes, { deps });
    await api.register(adminCardRoutes, { deps });
    await api.register(adminAdjustmentRoutes, { deps });
    await api.register(adminReportRoutes, { deps });
    await api.register(adminPayoutBatchRoutes, { deps });
    await api.register(adminPayoutRoutes, { deps });
    await api.register(adminBrandSettingsRoutes, { deps });
  });
  await app.register(previewRoutes, { deps });
  await app.register(adminPages, { adminDist: deps.config.adminDist });
}
