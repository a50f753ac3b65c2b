import { demoBrandsSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { productionEnv } from './helpers/config.js';
import { createTestApp, INDEX_HTML, useTestApp } from './helpers/test-app.js';

describe('demo mode', () => {
  const t = useTestApp();

  it('GET /api/demo/brands lists every brand with the flows it offers, in its order', async () => {
    expect(t.config.demoMode).toBe(true);
    const res = await t.app.inject({ url: '/api/demo/brands' });
    expect(res.statusCode).toBe(200);
    const brands = demoBrandsSchema.parse(res.json());
    const demo = brands.find((b) => b.slug === 'demo')!;
    expect(demo).toMatchObject({ code: 'DEMO', name: 'Tessera Demo' });
    expect(demo.flows.map((f) => f.code).sort()).toEqual(['BALANCE', 'IDENTIFY', 'PAYOUT', 'REPLACE', 'RESET', 'VISA']);
    for (const flow of demo.flows) expect(flow.languages).toEqual(['nl', 'en']);
    const acme = brands.find((b) => b.slug === 'acme')!;
    // only the available flows, with their languages
    expect(acme.flows.map((f) => f.code).sort()).toEqual(['BALANCE', 'REPLACE']);
    for (const flow of acme.flows) expect(flow.languages).toEqual(['nl']);
  });

  it('GET / serves the web app, whose home route lists the brands', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe('production', () => {
  it('has no /api/demo/brands and redirects / to DEFAULT_BRAND\'s first available flow', async () => {
    const t = await createTestApp({ env: productionEnv({ DEFAULT_BRAND: 'ACME' }) });
    try {
      expect(t.config.demoMode).toBe(false);
      expect((await t.app.inject({ url: '/api/demo/brands' })).statusCode).toBe(404);
      const res = await t.app.inject({ url: '/?utm=x', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(302);
      const flows = demoBrandsFlows(await t.app.inject({ url: '/api/theme/acme' }).then((r) => r.json()));
      expect(res.headers.location).toBe(`/acme/${flows[0]}?utm=x`);
    } finally {
      await t.close();
    }
  });

  it('answers / with 404 without DEFAULT_BRAND, or when it names no brand', async () => {
    for (const env of [productionEnv(), productionEnv({ DEFAULT_BRAND: 'nobody' })]) {
      const t = await createTestApp({ env });
      try {
        const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(404);
        expect(page.body).toBe(INDEX_HTML);
        const api = await t.app.inject({ url: '/', headers: { accept: 'application/json' } });
        expect(api.statusCode).toBe(404);
        expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
      } finally {
        await t.close();
      }
    }
  });
});

/** The path segments of a theme's available flows, in the theme's order. */
function demoBrandsFlows(theme: { pageAvailability: Array<{ code: string; isAvailable: boolean }> }): string[] {
  return theme.pageAvailability.filter((p) => p.isAvailable).map((p) => p.code.toLowerCase());
}
