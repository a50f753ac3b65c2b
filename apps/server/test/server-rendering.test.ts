import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageLanguage } from '../src/domain/language.js';
import { useTestApp } from './helpers/test-app.js';
// @ts-expect-error: a plain JavaScript module of the scripts (no types)
import { buildIfStale, ROOT } from '../../../scripts/lib/build.mjs';

// docs/decisions/022: each flow's first screen arrives rendered, for its brand and
// language, with the theme and texts the web app hydrates from. Against the real web build (built
// here when it is older than its sources).
beforeAll(() => {
  (buildIfStale as (o: { only: string[] }) => void)({ only: ['apps/web'] });
}, 180_000);

const t = useTestApp({ webBuild: path.join(ROOT as string, 'apps/web/dist') });
const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

/** The page's state block, parsed. */
function stateOf(html: string): { slug: string; flow: string; lng: string; theme: { name: string }; texts: Record<string, string> } {
  const json = /<script type="application\/json" id="tessera-state">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, 'the page carries its state').toBeDefined();
  return JSON.parse(json!) as ReturnType<typeof stateOf>;
}

describe('server-rendered first screens', () => {
  it('GET /demo/balance without JavaScript: the form, its labels and the title in Dutch', async () => {
    const res = await page('/demo/balance');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<title>Bekijk je saldo | Tessera Demo</title>');
    expect(html).toMatch(/<label[^>]*for="[^"]*-number"[^>]*>Kaartnummer/);
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).toMatch(/<h1[^>]*>Bekijk je saldo<\/h1>/);
    expect(html).toContain('<link rel="stylesheet" href="/api/css/theme/demo/custom.css" data-theme-stylesheet="demo" />');
    expect(html).toMatch(/<link rel="preload" as="image" href="\/api\/assets\/demo\/poster\?v=[\w-]+" fetchpriority="high" \/>/);
    expect(html).not.toContain('Bezig met laden…</');
    const state = stateOf(html);
    expect(state).toMatchObject({ slug: 'demo', flow: 'BALANCE', lng: 'nl', theme: { name: 'Tessera Demo' } });
    // Inert until the web app has taken it over: nothing typed before then is lost.
    expect(html).toContain('<div id="root" inert>');
    expect(state.texts.balance__title).toBe('Bekijk je saldo');
    // The state block cannot end the script early: no "<" in it.
    expect(/id="tessera-state">([^]*?)<\/script>/.exec(html)![1]).not.toContain('<');
    expect(res.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('chooses the language as the web app would: ?lng, the i18next cookie, Accept-Language, then nl', async () => {
    const english = await page('/demo/balance?lng=en');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<title>Check your balance | Tessera Demo</title>');
    expect(english.body).toMatch(/<label[^>]*>Card number/);
    expect(stateOf(english.body).texts.balance__title).toBe('Check your balance');
    expect((await page('/demo/balance', { cookie: 'a=1; i18next=en' })).body).toContain('<html lang="en">');
    expect((await page('/demo/balance', { 'accept-language': 'en-GB,en;q=0.9,nl;q=0.5' })).body).toContain('<html lang="en">');
    expect((await page('/demo/balance?lng=nl', { 'accept-language': 'en' })).body).toContain('<html lang="nl">');
    expect((await page('/demo/balance', { 'accept-language': 'de-DE, fr' })).body).toContain('<html lang="nl">');
  });

  it('dresses a page for its brand: acme’s stylesheet and texts, only in the languages acme offers', async () => {
    const res = await page('/acme/balance', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-theme-stylesheet="acme"');
    expect(res.body).toContain('href="/api/css/theme/acme/custom.css"');
    // Acme offers BALANCE in Dutch only.
    expect(res.body).toContain('<html lang="nl">');
    expect(res.body).toContain('Bekijk het saldo van je Acme Cadeaukaart');
    expect(stateOf(res.body)).toMatchObject({ slug: 'acme', lng: 'nl' });
  });

  it.each([
    ['/demo/visa/activate', 'Activeer je Visa-kaart'],
    ['/demo/visa/account', 'Log in'],
    ['/demo/payout', 'saldo'],
    ['/demo/replace', 'cadeaukaart'],
    ['/demo/reset', 'beveiligingscode'],
    ['/demo/identify', 'Registreer'],
    ['/demo/Identify', 'Registreer'],
    ['/demo/balance/embed/balance', 'Bekijk je saldo'],
  ])('%s arrives rendered', async (url, text) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<div id="root" inert><.+<\/div><script type="application\/json" id="tessera-state">/s);
    expect(res.body.toLowerCase()).toContain(text.toLowerCase());
  });

  it('links the flow’s stylesheets, and starts the entry and the flow’s chunks only after the first paint', async () => {
    const res = await page('/demo/reset');
    const reset = res.body;
    const head = reset.slice(0, reset.indexOf('</head>'));
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/reset-[\w-]+\.css">/);
    // No script in the head fetches anything before the page has painted: no entry script, no modulepreload.
    expect(reset).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const modules = /<script data-modules="([^"]+)">([^]*?)<\/script>/.exec(head);
    expect(modules, 'the start script').not.toBeNull();
    const [entry, ...chunks] = modules![1]!.split(' ');
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(chunks.some((c) => /^\/assets\/reset-[\w-]+\.js$/.test(c))).toBe(true);
    expect(chunks.some((c) => /^\/assets\/common-[\w-]+\.js$/.test(c))).toBe(true);
    // Only the page's own stylesheets and modules: no other flow's.
    expect(chunks.some((c) => /\/assets\/(balance|visa|payout|replace|identify)-/.test(c))).toBe(false);
    // The start script runs by its hash in the page's policy; nothing else inline does.
    const hash = `'sha256-${createHash('sha256').update(modules![2]!).digest('base64')}'`;
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash};`);
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
    // Each file is served.
    for (const href of [...head.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]!).concat(entry!, chunks)) {
      expect((await t.app.inject({ url: href })).statusCode, href).toBe(200);
    }
    const embed = await page('/demo/balance/embed/balance');
    expect(embed.body).toMatch(/<script data-modules="[^"]*\/assets\/EmbedScreen-[\w-]+\.js/);
    // The embed's policy keeps its frame-ancestors and gains the start script's hash.
    expect(String(embed.headers['content-security-policy'])).toContain(hash);
    expect(String(embed.headers['content-security-policy'])).toMatch(/frame-ancestors \*/);
    expect((await page('/demo/balance')).body).not.toContain('EmbedScreen-');
    // A page the browser renders itself keeps index.html's entry script.
    expect((await page('/demo/balance/amount')).body).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  });

  it('leaves the screens after the first to the browser, and answers 404 as before', async () => {
    for (const url of ['/demo/balance/amount', '/demo/visa/activate/otc', '/demo/payout/success']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('tessera-state');
    }
    for (const url of ['/demo/nope', '/nope/balance']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('sends the rendered page compressed, the same page every time', async () => {
    const plain = (await page('/demo/reset')).body;
    const res = await page('/demo/reset', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain);
    expect(res.rawPayload.length).toBeLessThan(plain.length / 3);
  });

  it('renders a brand’s change: a new text shows on the next page', async () => {
    const brand = await t.db.selectFrom('brands').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    await t.db.insertInto('brand_translations').values({ brand_id: brand.id, culture: 'en', key: 'balance__title', text: 'What is on my card?' }).execute();
    t.deps.brands.clear();
    const res = await page('/demo/balance?lng=en');
    expect(res.body).toMatch(/<h1[^>]*>What is on my card\?<\/h1>/);
    await t.db.deleteFrom('brand_translations').where('brand_id', '=', brand.id).where('key', '=', 'balance__title').execute();
  });
});

describe('pageLanguage', () => {
  const both = ['nl', 'en'];
  it('follows the query, the cookie, Accept-Language by weight, then nl; keeps to the flow’s languages', () => {
    expect(pageLanguage({}, both, both)).toBe('nl');
    expect(pageLanguage({ query: 'en' }, both, both)).toBe('en');
    expect(pageLanguage({ query: 'xx', cookie: 'en' }, both, both)).toBe('en');
    expect(pageLanguage({ acceptLanguage: 'fr;q=1, en;q=0.8, nl;q=0.9' }, both, both)).toBe('nl');
    expect(pageLanguage({ acceptLanguage: 'en-US' }, both, both)).toBe('en');
    expect(pageLanguage({ acceptLanguage: 'en;q=0' }, both, both)).toBe('nl');
    expect(pageLanguage({ query: 'en' }, both, ['nl'])).toBe('nl');
    expect(pageLanguage({ query: 'nl' }, both, ['en'])).toBe('en');
    expect(pageLanguage({ query: '<script>' }, both, both)).toBe('nl');
  });
});
