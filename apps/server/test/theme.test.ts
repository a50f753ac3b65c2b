import { themeSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** GETs a brand's theme, expecting it found, and answers it checked against the schema. */
async function getTheme(id: string) {
  const res = await t.app.inject({ url: `/api/theme/${id}` });
  expect(res.statusCode, id).toBe(200);
  return themeSchema.parse(res.json());
}

/** GETs `url`, expecting an error answer with this status and code; answers the response. */
async function getRefused(url: string, status: number, code: string) {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(status);
  expect(res.json().code, url).toBe(code);
  return res;
}

describe('GET /api/theme/:id', () => {
  it('answers the demo brand by slug', async () => {
    const theme = await getTheme('demo');
    expect(theme).toMatchObject({ code: 'DEMO', slug: 'demo', name: 'Tessera Demo' });
    expect(theme.styling.informationType).toBe(1);
    expect(theme.pageAvailability).toHaveLength(6);
    for (const page of theme.pageAvailability) {
      expect(page.isAvailable).toBe(true);
      expect(page.availableLanguages).toEqual(['nl', 'en']);
    }
    expect(theme.scanningFlows.sort()).toEqual(['BALANCE', 'IDENTIFY', 'PAYOUT', 'REPLACE', 'RESET', 'VISA']);
    expect(theme.termsUrls).toEqual({ terms: expect.stringMatching(/^https:/), privacy: expect.stringMatching(/^https:/) });
    expect(theme.styling.logo).toMatch(/^\/api\/assets\/demo\/logo\?v=/);
  });

  it('answers the acme brand by code, with its own availability', async () => {
    const theme = await getTheme('ACME');
    expect(theme).toMatchObject({ code: 'ACME', slug: 'acme', name: 'Acme Cadeaukaart' });
    expect(theme.styling.informationType).toBe(2);
    const available = theme.pageAvailability.filter((p) => p.isAvailable);
    expect(available.map((p) => p.code).sort()).toEqual(['BALANCE', 'REPLACE']);
    for (const page of available) expect(page.availableLanguages).toEqual(['nl']);
    expect(theme.pageAvailability.filter((p) => !p.isAvailable)).toHaveLength(4);
    expect(theme.scanningFlows).toEqual([]);
  });

  it('answers 404 THEME_NOT_FOUND for an unknown brand', async () => {
    const res = await getRefused('/api/theme/nobody', 404, 'THEME_NOT_FOUND');
    expect(res.json()).toEqual({ code: 'THEME_NOT_FOUND', message: expect.any(String) });
  });

  it('answers 400 for a malformed id', async () => {
    await getRefused('/api/theme/bad%20id', 400, 'VALIDATION_ERROR');
  });
});

describe('brand assets', () => {
  it('serves the logo the theme points at, from the database', async () => {
    const theme = await getTheme('acme');
    const res = await t.app.inject({ url: theme.styling.logo! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect(res.headers.etag).toBeDefined();
    const again = await t.app.inject({ url: theme.styling.logo!, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for an unknown asset', async () => {
    const res = await t.app.inject({ url: '/api/assets/demo/missing' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/css/theme/:id/custom.css', () => {
  it('serves the acme stylesheet as text/css with the brand properties', async () => {
    const res = await t.app.inject({ url: '/api/css/theme/acme/custom.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    for (const property of ['--brand-primary', '--brand-primary-contrast', '--brand-accent', '--brand-background', '--brand-surface', '--brand-text', '--brand-font']) {
      expect(res.body).toContain(`${property}:`);
    }
  });

  it('answers 404 for an unknown brand', async () => {
    await getRefused('/api/css/theme/nobody/custom.css', 404, 'THEME_NOT_FOUND');
  });
});

describe('GET /api/translations/:slug', () => {
  it('answers the Dutch and English defaults', async () => {
    const nl = (await t.app.inject({ url: '/api/translations/demo?culture=nl' })).json();
    const en = (await t.app.inject({ url: '/api/translations/demo?culture=en' })).json();
    expect(Object.keys(nl).length).toBeGreaterThan(0);
    expect(Object.keys(en).length).toBeGreaterThan(0);
    const key = Object.keys(nl).find((k) => k in en && nl[k] !== en[k]);
    expect(key).toBeDefined();
  });

  it("puts the brand's overrides over the defaults", async () => {
    const acme = (await t.app.inject({ url: '/api/translations/acme?culture=nl' })).json();
    const demo = (await t.app.inject({ url: '/api/translations/demo?culture=nl' })).json();
    expect(acme.balance__title).toBe('Bekijk het saldo van je Acme Cadeaukaart');
    expect(demo.balance__title).not.toBe(acme.balance__title);
    expect(Object.keys(acme).length).toBe(Object.keys(demo).length);
  });

  it('accepts an upper-case culture and answers only overrides for a culture without defaults', async () => {
    const upper = await t.app.inject({ url: '/api/translations/acme?culture=NL' });
    expect(upper.json().balance__title).toBe('Bekijk het saldo van je Acme Cadeaukaart');
    const german = await t.app.inject({ url: '/api/translations/acme?culture=de' });
    expect(german.statusCode).toBe(200);
    expect(german.json()).toEqual({});
  });

  it('refuses a malformed culture and an unknown brand', async () => {
    await getRefused('/api/translations/demo?culture=dutch', 400, 'VALIDATION_ERROR');
    const unknown = await t.app.inject({ url: '/api/translations/nobody?culture=nl' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ready', redis: 'not configured' } });
  });
});
