import { createHash } from 'node:crypto';
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
    // No 'unsafe-inline': the built pages run without inline styles (e2e: policyProblems fixture).
    expect(directive(csp, 'style-src')).toBe("style-src 'self'");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data:");
    expect(directive(csp, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'frame-src')).toBe('frame-src http://127.0.0.1:8080');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
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

/** The Permissions-Policy header as a map of feature to allowlist. */
const permissions = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(',')
      .map((entry) => entry.trim().split('=') as [string, string]),
  );
const DENIED = ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture', 'accelerometer', 'gyroscope', 'magnetometer'];

describe('Permissions-Policy', () => {
  it('allows the camera on the pages of a brand that scans cards, /callback and the demo home, and on nothing else', async () => {
    // demo offers scanning (brand_flows.scanning); acme offers none. A page keeps its policy while
    // the web app moves between screens and flows in place, so every page of a scanning brand has it.
    for (const url of ['/demo/balance', '/demo/balance/amount', '/demo/visa/account', '/demo/Identify', '/DEMO/replace', '/demo/balance/embed/balance', '/callback?state=x', '/']) {
      const policy = permissions((await page(url)).headers['permissions-policy']);
      expect(policy.camera, url).toBe('(self)');
      for (const feature of DENIED) expect(policy[feature], `${url} ${feature}`).toBe('()');
    }
    for (const url of ['/acme/balance', '/acme/replace', '/acme/balance/embed/balance', '/nobody/balance', '/demo/nothing', '/demo']) {
      const policy = permissions((await page(url)).headers['permissions-policy']);
      expect(policy.camera, url).toBe('()');
      for (const feature of DENIED) expect(policy[feature], `${url} ${feature}`).toBe('()');
    }
  });

  it('denies the camera and every other feature to the API, the PIN frame and static files', async () => {
    const answers = [
      await t.app.inject({ url: '/api/theme/demo' }),
      await t.app.inject({ url: '/healthz' }),
      await t.app.inject({ url: '/assets/app-abc123.js' }),
      await t.app.inject({ url: '/pin-frame?key=k', headers: { host: '127.0.0.1:8080', accept: 'text/html' } }),
    ];
    for (const res of answers) {
      const policy = permissions(res.headers['permissions-policy']);
      expect(policy.camera).toBe('()');
      for (const feature of DENIED) expect(policy[feature], feature).toBe('()');
    }
    expect(answers[3]!.statusCode).toBe(200);
  });

  it('denies the camera on the production home page', async () => {
    const production = await createTestApp({ env: { DEMO_MODE: 'false' }, seed: false });
    try {
      const res = await production.app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(permissions(res.headers['permissions-policy']).camera).toBe('()');
    } finally {
      await production.close();
    }
  });
});

describe('Referrer-Policy and Cross-Origin-Resource-Policy', () => {
  it('sends no referrer and keeps everything same-origin: API, pages, the embed and the PIN frame', async () => {
    for (const res of [
      await t.app.inject({ url: '/api/theme/demo' }),
      await t.app.inject({ url: '/api/css/theme/acme/custom.css' }),
      await page('/demo/balance'),
      await page('/demo/balance/embed/balance'),
      await t.app.inject({ url: '/assets/app-abc123.js' }),
      await t.app.inject({ url: '/pin-frame?key=k', headers: { host: '127.0.0.1:8080', accept: 'text/html' } }),
    ]) {
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('lets other origins show a brand image, also after revalidation (304)', async () => {
    const theme = (await t.app.inject({ url: '/api/theme/acme' })).json();
    const logo = await t.app.inject({ url: theme.styling.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const again = await t.app.inject({ url: theme.styling.logo, headers: { 'if-none-match': logo.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe("the server's own HTML pages", () => {
  /** The page's one <style> must be exactly what its CSP's style-src hash allows, and nothing inline else. */
  const expectStyleByHash = (res: { headers: Record<string, unknown>; body: string }) => {
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(directive(csp, 'default-src')).toBe("default-src 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    expect(directive(csp, 'style-src')).toBe(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  };

  it('sends the identity return refusal with its style allowed by hash', async () => {
    const res = await t.app.inject({ url: '/api/Authentication/return?state=unknown&code=x' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectStyleByHash(res);
  });

  it("sends the sandbox bank's pages with their style allowed by hash", async () => {
    const res = await t.app.inject({ url: '/sandbox/idin/interaction/unknown-uid' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectStyleByHash(res);
  });
});
