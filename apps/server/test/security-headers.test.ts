import { describe, expect, it } from 'vitest';
import { createTestApp, INDEX_HTML, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });
const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it("serves pages with frame-ancestors 'none', X-Frame-Options DENY and the other policies", async () => {
    const res = await page('/demo/balance');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data:");
    expect(directive(csp, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'frame-src')).toBe('frame-src http://127.0.0.1:8080');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // PUBLIC_URL is http here: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("lets the brand's allowed origins frame the balance embed", async () => {
    const acme = await page('/acme/balance/embed/balance');
    expect(directive(acme.headers['content-security-policy'], 'frame-ancestors')).toBe('frame-ancestors https://www.acme.example');
    expect(acme.headers['x-frame-options']).toBeUndefined();
    const demo = await page('/demo/balance/embed/balance');
    expect(directive(demo.headers['content-security-policy'], 'frame-ancestors')).toBe('frame-ancestors *');
    expect(demo.headers['x-frame-options']).toBeUndefined();
    const unknown = await page('/nobody/balance/embed/balance');
    expect(directive(unknown.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('keeps API answers unframeable and card answers uncached', async () => {
    const res = await t.app.inject({ url: '/api/theme/demo' });
    expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('caches hashed assets for a year and never answers index.html for API paths', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await page('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const dev = await page('/dev/nothing');
    expect(dev.statusCode).toBe(404);
    const json = await t.app.inject({ url: '/demo/balance', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
  });

  it('answers 404 for a missing file, never index.html in its place', async () => {
    // A tab opened before a deploy asks for the old hashed script: it must not get HTML as a script.
    for (const url of ['/assets/app-old999.js', '/favicon.ico', '/demo/missing.css']) {
      const res = await t.app.inject({ url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
    const pageRes = await page('/demo/balance/amount');
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://cards.example.com' }, seed: false });
    try {
      const res = await https.app.inject({ url: '/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });
});
