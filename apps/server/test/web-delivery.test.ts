import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brandApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/app/build-app.js';
import { matchesScreen } from '../src/app/web-pages.js';
import { ASSET_JS, FAVICON_SVG, INDEX_HTML, useTestApp } from './helpers/test-app.js';

// docs/decisions/018: compression, validators and the status of pages.
const t = useTestApp();

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('status of pages', () => {
  it.each(['/demo/balance', '/acme/balance', '/demo/balance/amount', '/demo/visa/activate', '/demo/visa/activate/otc', '/demo/visa', '/demo/payout',
    '/demo/payout/success', '/demo/replace', '/demo/reset', '/demo/identify', '/demo/Identify', '/demo/balance/embed/balance',
    '/demo/balance/AMOUNT', '/demo/balance/', '/DEMO/balance', '/callback', '/'])('%s is a page: 200 with the app shell', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/demo/nope', '/nope/balance', '/demo/Balance', '/demo/balance/amount/more', '/demo/visa/nope', '/demo', '/nope', '/demo/balance/embed2',
    '/no%20such/balance'])('%s is not: 404, still with the app shell for its not-found notice', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('a brand the operator adds is a page at once (unknown brands are not cached)', async () => {
    expect((await page('/newbrand/balance')).statusCode).toBe(404);
    await t.db.updateTable('brands').set({ slug: 'newbrand' }).where('slug', '=', 'acme').execute();
    t.deps.brands.clear();
    expect((await page('/newbrand/balance')).statusCode).toBe(200);
    await t.db.updateTable('brands').set({ slug: 'acme' }).where('slug', '=', 'newbrand').execute();
    t.deps.brands.clear();
  });

  it('keeps the health checks, the API and missing files apart from the pages', async () => {
    expect((await page('/healthz')).statusCode).toBe(200);
    expect((await page('/readyz')).statusCode).toBe(200);
    expect((await page('/metrics')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await page('/api/nope')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await page('/assets/gone-123.js')).statusCode).toBe(404);
    expect((await page('/assets/gone-123.js')).body).not.toBe(INDEX_HTML);
  });

  it('matches a screen as the nested router does', () => {
    expect(matchesScreen('', '')).toBe(true);
    expect(matchesScreen('', '/')).toBe(true);
    expect(matchesScreen('amount', '/Amount/')).toBe(true);
    expect(matchesScreen('amount', '/amount/x')).toBe(false);
    expect(matchesScreen('embed/balance/*', '/embed/balance')).toBe(true);
    expect(matchesScreen('embed/balance/*', '/embed/balance/a/b')).toBe(true);
    expect(matchesScreen('embed/balance/*', '/embed')).toBe(false);
    expect(matchesScreen('a/:id', '/a/7')).toBe(true);
    expect(matchesScreen('a/:id', '/a')).toBe(false);
  });
});

describe('compression', () => {
  const asset = '/assets/app-abc123.js';

  it('sends an asset in brotli to a client that accepts it, gzip to one that accepts only gzip, as it is otherwise', async () => {
    const br = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_JS);
    expect(br.rawPayload.length).toBeLessThan(ASSET_JS.length);

    const gzip = await get(asset, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET_JS);

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const plain = await get(asset, headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(ASSET_JS);
    }
  });

  it('sends the page (index.html) compressed too', async () => {
    const res = await page('/demo/balance', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
    const notFound = await page('/demo/nope', { 'accept-encoding': 'gzip' });
    expect(notFound.statusCode).toBe(404);
    expect(gunzipSync(notFound.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('compresses a JSON answer above the threshold, and not one below it', async () => {
    const url = brandApi.translations.build({ slug: 'demo' }) + '?culture=en';
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('compresses an error too, keeping its status and security headers', async () => {
    const res = await get('/api/theme/nope', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBeDefined();
  });
});

describe('caching', () => {
  it('marks hashed assets immutable for a year, with a content ETag and 304', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    // The same tag for every encoding (weak: the content, not the bytes) and for a gzip client.
    expect((await get('/assets/app-abc123.js')).headers.etag).toBe(etag);
    const again = await get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.headers.vary).toMatch(/accept-encoding/i);
  });

  it('revalidates the build files outside assets/ by their ETag', async () => {
    const res = await get('/favicon.svg');
    expect(res.body).toBe(FAVICON_SVG);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.vary).toBeUndefined();
    const again = await get('/favicon.svg', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect((await get('/favicon.svg', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('derives the ETag from content, so every replica gives the same one', async () => {
    const { etagOf } = await import('../src/http/content-etag.js');
    expect((await get('/assets/app-abc123.js')).headers.etag).toBe(etagOf(Buffer.from(ASSET_JS)));
  });

  it('never answers the page itself 304 or with a validator: no-cache, and served anew', async () => {
    const res = await page('/demo/balance');
    expect(res.headers.etag).toBeUndefined();
    expect((await page('/demo/balance', { 'if-none-match': '*' })).statusCode).toBe(200);
    expect((await get('/index.html', { 'if-none-match': '*' })).statusCode).toBe(404);
  });

  it.each([
    ['theme', brandApi.theme.build({ id: 'demo' })],
    ['translations', `${brandApi.translations.build({ slug: 'acme' })}?culture=nl`],
    ['custom.css', brandApi.customCss.build({ id: 'acme' })],
  ])('gives the %s an ETag from its content and answers 304 when it still holds', async (_name, url) => {
    const res = await get(url, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // The tag names the content, whatever the encoding it travels in.
    expect((await get(url)).headers.etag).toBe(etag);
    const again = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': `"x", ${etag.replace(/^W\//, '')}` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect((await get(url, { 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);
  });

  it('gives other content another ETag', async () => {
    const url = `${brandApi.translations.build({ slug: 'demo' })}?culture=en`;
    const before = (await get(url)).headers.etag;
    const other = (await get(`${brandApi.translations.build({ slug: 'demo' })}?culture=nl`)).headers.etag;
    expect(other).not.toBe(before);
  });

  it('answers a brand image 304 on its ETag', async () => {
    const theme = (await get(brandApi.theme.build({ id: 'demo' }))).json();
    const res = await get(theme.styling.logo);
    expect(res.statusCode).toBe(200);
    const again = await get(theme.styling.logo, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });
});

describe('request bodies', () => {
  it('are not decompressed: a gzip body is refused as before, not inflated', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/GiftCard/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-flow-type': 'BALANCE' },
      payload: gzipSync(JSON.stringify({ code: 'DEMO', giftCardNumber: '6064 0000 0000 0000 101', pinCode: '482913', 'g-recaptcha-response': 'test-pass' })),
    });
    expect(res.statusCode).toBe(400);
  });
});
