import { adminApi, adminBrandListSchema, adminMeSchema, staffGrantListSchema, staffGrantRequestSchema, staffGrantSchema } from '@tessera/contracts/admin';
import { z } from 'zod';
import { listBrands } from '../db/repositories/brands.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { errorResponses } from '../http/error-responses.js';
import type { App } from '../http/route-types.js';
import { noBrand, staffOf, staffRoute } from './admin-route.js';
import { staffAuditFields } from './audit-fields.js';
import { grantStaff, listStaff, revokeStaff } from './staff-grants.js';

const grantAnswer = staffGrantSchema.extend({ email: z.string() });

/** Every back office API answer can be 401 (no session), 403 (role, or a POST's Origin) and 404 (another host, another brand). */
const guarded = (...more: number[]) => errorResponses(401, 403, 404, ...more);
const hidden = { hide: true } as const;

/**
 * The signed-in staff member, their brands, and the grants of all staff (admins of all brands).
 * Each route declares its action and brand (admin-route.ts); the guard has checked both.
 */
export async function adminApiRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  app.get(adminApi.me.pattern, { config: staffRoute('cards.read', noBrand), schema: { ...hidden, response: { 200: adminMeSchema, ...guarded() } } }, async (request) => {
    const ctx = staffOf(request);
    return { email: ctx.email, grants: ctx.grants.map((g) => ({ role: g.role, brand: g.brand })) };
  });

  app.get(adminApi.brands.pattern, { config: staffRoute('cards.read', noBrand), schema: { ...hidden, response: { 200: adminBrandListSchema, ...guarded() } } }, async (request) => {
    const { brands } = staffOf(request);
    const all = await listBrands(deps.db);
    return { brands: all.filter((b) => brands === 'all' || brands.includes(b.code.toUpperCase())).map((b) => ({ code: b.code, name: b.name })) };
  });

  app.get(adminApi.staff.pattern, { config: staffRoute('staff.manage', noBrand), schema: { ...hidden, response: { 200: staffGrantListSchema, ...guarded() } } }, async () => ({
    grants: await listStaff(deps),
  }));

  app.post(
    adminApi.grantStaff.pattern,
    { config: staffRoute('staff.manage', noBrand), schema: { ...hidden, body: staffGrantRequestSchema, response: { 201: grantAnswer, ...guarded(400) } } },
    async (request, reply) => {
      const ctx = staffOf(request);
      const { grant } = await grantStaff(deps, request.body, { name: ctx.email, audit: staffAuditFields(ctx) });
      return reply.code(201).send(grant);
    },
  );

  app.post(
    adminApi.revokeStaff.pattern,
    { config: staffRoute('staff.manage', noBrand), schema: { ...hidden, body: staffGrantRequestSchema, response: { 200: grantAnswer, ...guarded(400, 409) } } },
    async (request) => {
      const ctx = staffOf(request);
      const { changed, grant } = await revokeStaff(deps, request.body, { name: ctx.email, audit: staffAuditFields(ctx) });
      if (!changed) throw new AppError('NOT_FOUND', 'There is no such grant.');
      return grant;
    },
  );
}
