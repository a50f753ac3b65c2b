import { describe, expect, it } from 'vitest';
import { productionEnvWithAdminHost } from './helpers/config.js';
import { ADMIN_ASSET, ADMIN_INDEX_HTML, ADMIN_STYLE_HASH, ASSET_JS, useTestApp } from './helpers/test-app.js';

// The back office's pages (back-office/pages.ts, docs/decisions/031): its build served at /admin/,
// inside the back office's scope, with a policy of its own; and its host kept to itself.

const PAGE_CSP =
  `default-src 'self'; script-src 'self'; style-src 'self' ${ADMIN_STYLE_HASH}; img-src 'self' data:; font-src 'self'; ` +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe('the back office pages in demo mode (on the portal origin)', () => {
  const t = useTestApp({ adminBuild: true });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('answers index.html for /admin/ and every page path the app routes, uncached, under the strict policy from csp.json', async () => {
    for (const url of ['/admin/', '/admin/cards/card_123', '/admin/audit?card=x', '/admin/staff', '/admin/signed-out', '/admin/no-such-page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(ADMIN_INDEX_HTML);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toBe(PAGE_CSP);
    }
  });

  it('sends the page in the compressed copy the client accepts', async () => {
    const res = await get('/admin/', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
  });

  it('redirects /admin to /admin/ permanently, keeping the query', async () => {
    const res = await get('/admin?lng=nl');
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/admin/?lng=nl');
  });

  it('serves a hashed asset for a year with an ETag from content, 304 on If-None-Match, and its brotli copy', async () => {
    const res = await get(`/admin/${ADMIN_ASSET}`, { accept: '*/*' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ASSET_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await get(`/admin/${ADMIN_ASSET}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await get(`/admin/${ADMIN_ASSET}`, { 'accept-encoding': 'br' });
    expect([br.headers['content-encoding'], br.headers.etag]).toEqual(['br', etag]);
  });

  it('answers 404, not the page, for an unknown asset and an unknown API or sign-in path', async () => {
    for (const url of ['/admin/assets/index-Old00000.js', '/admin/api/no-such-call', '/admin/auth/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toBe(ADMIN_INDEX_HTML);
    }
  });

  it('never serves csp.json, which the server reads: its path is a page path like any other', async () => {
    expect((await get('/admin/csp.json')).body).toBe(ADMIN_INDEX_HTML);
  });

  it('leaves the portal where it was: / and the portal pages still answer on the same origin', async () => {
    expect((await get('/')).statusCode).toBe(200);
    expect((await get('/DEMO/balance')).statusCode).toBe(200);
  });
});

describe('the back office without a build', () => {
  const t = useTestApp();

  it('answers its pages 404 and its API as usual', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/me' })).statusCode).toBe(401);
  });
});

describe('the back office on a host of its own (production with ADMIN_URL)', () => {
  const t = useTestApp({
    adminBuild: true,
    env: {
      ...productionEnvWithAdminHost(),
      LOG_LEVEL: 'silent',
    },
  });
  const on = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  it('serves the pages and assets on ADMIN_URL\'s host', async () => {
    const page = await on('admin.example.com', '/admin/cards/card_123');
    expect([page.statusCode, page.body]).toEqual([200, ADMIN_INDEX_HTML]);
    expect(page.headers['content-security-policy']).toBe(PAGE_CSP);
    expect((await on('admin.example.com', `/admin/${ADMIN_ASSET}`)).statusCode).toBe(200);
  });

  it('answers 404 for the back office\'s pages and assets on the portal\'s host', async () => {
    for (const url of ['/admin/', '/admin/cards/card_123', `/admin/${ADMIN_ASSET}`]) {
      expect((await on('cards.example.com', url)).statusCode, url).toBe(404);
    }
  });

  it('does not serve the portal on the back office\'s host: / leads to /admin/, other paths 404, the probes answer', async () => {
    const home = await on('admin.example.com', '/');
    expect([home.statusCode, home.headers.location]).toEqual([302, '/admin/']);
    for (const url of ['/DEMO/balance', '/api/openapi.json', '/api/v1/cards', '/assets/app-abc123.js', '/sandbox/staff']) {
      expect((await on('admin.example.com', url)).statusCode, url).toBe(404);
    }
    expect((await on('admin.example.com', '/healthz')).statusCode).toBe(200);
  });
});
