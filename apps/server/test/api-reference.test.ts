import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();

describe('the API reference at /api/docs', () => {
  it('is a page of its own policy that loads Redoc and its start-up from this server only', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/api/docs/redoc.standalone.js', '/api/docs/init.js']);
    expect(res.body).not.toMatch(/<script>|https?:\/\//);
    const init = await t.app.inject({ url: '/api/docs/init.js' });
    expect(init.body).toContain("Redoc.init('/api/openapi.json'");
  });

  it('serves the bundle compressed, revalidated by its ETag, without the one address of another origin it names', async () => {
    const res = await t.app.inject({ url: '/api/docs/redoc.standalone.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const text = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(text.length).toBeGreaterThan(500_000);
    expect(text).not.toContain('cdn.redoc.ly');
    expect(res.rawPayload.length).toBeLessThan(text.length / 3);
    const again = await t.app.inject({ url: '/api/docs/redoc.standalone.js', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const plain = await t.app.inject({ url: '/api/docs/redoc.standalone.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
  });

  it('is not an operation of the document it shows', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });
});
