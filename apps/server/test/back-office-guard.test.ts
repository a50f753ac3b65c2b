import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandFromBody, brandOfCard, type DeclaredAdminRoute, guardStaffRoutes, staffOf, staffRoute } from '../src/back-office/admin-route.js';
import { insertStaffGrant } from '../src/db/repositories/staff-grants.js';
import { findBrandByCode } from '../src/db/repositories/brands.js';
import { installErrorHandler } from '../src/http/error-handler.js';
import type { App } from '../src/http/route-types.js';
import { staffCookie } from './helpers/staff.js';
import { useTestApp } from './helpers/test-app.js';

// The guard's brand sources with routes of a test's own (the real API routes use noBrand until the
// card and brand routes arrive): a card's brand, a body's brand, and the order of its answers.

const t = useTestApp();
const CARDS: Record<string, string> = { 'demo-card': 'DEMO', 'acme-card': 'ACME' };

async function guardedApp() {
  const declared: DeclaredAdminRoute[] = [];
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(async (api: App) => {
    guardStaffRoutes(api, t.deps, declared);
    api.post('/admin/api/cards/:id/block', { config: staffRoute('cards.support', brandOfCard('id', async (id) => CARDS[id] ?? 'not found')) }, async (request) => {
      const ctx = staffOf(request);
      return { grant: ctx.grant, brands: ctx.brands };
    });
    api.post(
      '/admin/api/reports',
      { config: staffRoute('reports.read', brandFromBody('brand')), schema: { body: z.object({ brand: z.string() }) } },
      async (request) => ({ grant: staffOf(request).grant }),
    );
  });
  await app.ready();
  return { app, declared };
}

const post = async (app: Awaited<ReturnType<typeof guardedApp>>['app'], email: string, url: string, payload: Record<string, unknown> = {}) => {
  const res = await app.inject({ method: 'POST', url, headers: { cookie: await staffCookie(t, email) }, payload });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('the permission guard', () => {
  it('hands the handler the grant used and the brands of the action for a card of the caller\'s brand', async () => {
    const { app, declared } = await guardedApp();
    expect(declared).toEqual([
      { method: 'POST', url: '/admin/api/cards/:id/block', action: 'cards.support', brand: 'card:id' },
      { method: 'POST', url: '/admin/api/reports', action: 'reports.read', brand: 'body.brand' },
    ]);
    expect(await post(app, 'support@demo.test', '/admin/api/cards/demo-card/block')).toEqual({ status: 200, body: { grant: { role: 'support', brand: 'DEMO' }, brands: ['DEMO'] } });
    expect(await post(app, 'admin@tessera.test', '/admin/api/cards/acme-card/block')).toEqual({ status: 200, body: { grant: { role: 'admin', brand: null }, brands: 'all' } });
    await app.close();
  });

  it('answers another brand\'s card as an unknown one (404 CARD_NOT_FOUND), and a body\'s other brand 404 NOT_FOUND', async () => {
    const { app } = await guardedApp();
    expect(await post(app, 'support@demo.test', '/admin/api/cards/acme-card/block')).toMatchObject({ status: 404, body: { code: 'CARD_NOT_FOUND' } });
    expect(await post(app, 'support@demo.test', '/admin/api/cards/no-such-card/block')).toMatchObject({ status: 404, body: { code: 'CARD_NOT_FOUND' } });
    expect(await post(app, 'finance@demo.test', '/admin/api/reports', { brand: 'DEMO' })).toEqual({ status: 200, body: { grant: { role: 'finance', brand: 'DEMO' } } });
    expect(await post(app, 'finance@demo.test', '/admin/api/reports', { brand: 'ACME' })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    await app.close();
  });

  it('answers 403 for an action the role allows on no brand, and for one it allows elsewhere but not on this brand', async () => {
    const { app } = await guardedApp();
    expect(await post(app, 'finance@demo.test', '/admin/api/cards/demo-card/block')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await post(app, 'support@demo.test', '/admin/api/reports', { brand: 'DEMO' })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    // Support on DEMO, finance on ACME: an ACME card is visible, blocking it is not allowed.
    const acme = await findBrandByCode(t.db, 'ACME');
    const demo = await findBrandByCode(t.db, 'DEMO');
    for (const [role, brandId] of [['support', demo!.id], ['finance', acme!.id]] as const) {
      await insertStaffGrant(t.db, { email: 'two@demo.test', role, brandId, grantedBy: 'test', grantedAt: new Date().toISOString() });
    }
    expect(await post(app, 'two@demo.test', '/admin/api/cards/acme-card/block')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await post(app, 'two@demo.test', '/admin/api/cards/demo-card/block')).status).toBe(200);
    await app.close();
  });

  it('refuses to register a back office API route without a declaration', async () => {
    const app = Fastify();
    await expect(
      app.register(async (api) => {
        guardStaffRoutes(api as unknown as App, t.deps, []);
        api.get('/admin/api/undeclared', async () => ({}));
      }),
    ).rejects.toThrow(/must declare its action and brand/);
    await app.close();
  });
});
