import path from 'node:path';
import { FLOW_CODES } from '@tessera/contracts';
import type { AdminBrandFile, BrandDraft, BrandProblem } from '@tessera/contracts/admin';
import { insertStaffGrant } from '../src/db/repositories/staff-grants.js';
import { startStaffSession } from '../src/back-office/sessions.js';
import { productionEnvWithAdminHost } from './helpers/config.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app/build-app.js';
import { createDatabase } from '../src/db/database.js';
import { staffCookie } from './helpers/staff.js';
import { createTestApp, sharedHandle, type TestApp, type TestAppOptions } from './helpers/test-app.js';
// @ts-expect-error: a plain JavaScript module of the scripts (no types)
import { buildIfStale, ROOT } from '../../../scripts/lib/build.mjs';

// A brand's settings in the back office (docs/back-office.md; docs/decisions/044): the published
// brand, the draft checked by the brand file check `brands import` uses, the draft's preview (the
// portal's own server rendering, so against the real web build), publish, versions and restore.

beforeAll(() => {
  (buildIfStale as (o: { only: string[] }) => void)({ only: ['apps/web'] });
}, 240_000);

/**
 * useTestApp with a longer set-up time: an app on the real web build (its server bundle imported)
 * takes over the 30 s hook limit on PostgreSQL when other test files run beside it.
 */
function useAppOnWebBuild(options: TestAppOptions): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  }, 120_000);
  afterAll(async () => {
    await current?.close();
  });
  return sharedHandle(() => current, 'useAppOnWebBuild');
}

const t = useAppOnWebBuild({ webBuild: path.join(ROOT as string, 'apps/web/dist'), env: { RATE_LIMIT_PER_MINUTE: '100000' } });

beforeAll(async () => {
  // A brand-admin of another brand: reaches only ACME.
  const acme = await t.db.selectFrom('brands').select('id').where('code', '=', 'ACME').executeTakeFirstOrThrow();
  await insertStaffGrant(t.db, { email: 'brand@acme.test', role: 'brand-admin', brandId: acme.id, grantedBy: 'test', grantedAt: new Date().toISOString() });
});
const ORIGIN = 'http://localhost:8080';
const BRAND_ADMIN = 'brand@demo.test';
const PREVIEW_FILE = /^\/admin\/preview\/DEMO\/files\/[0-9a-f]{64}$/;

type Method = 'GET' | 'POST' | 'PUT';
const call = async (email: string | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(email && { cookie: await staffCookie(t, email) }), ...(method !== 'GET' && { origin: ORIGIN }), ...headers },
    ...(payload !== undefined && { payload: payload as object }),
  });

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const cssDataUrl = (css: string) => `data:text/css;base64,${Buffer.from(css).toString('base64')}`;
const NEW_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><title>Holiday logo</title><circle cx="20" cy="20" r="18" fill="#b00020"/></svg>';

async function published(code = 'DEMO'): Promise<AdminBrandFile> {
  const res = await call(BRAND_ADMIN, 'GET', `/admin/api/brands/${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { file: AdminBrandFile }).file;
}

async function countRows(table: 'brand_drafts' | 'brand_files' | 'brand_versions') {
  const row = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const nlTitle = async (app: FastifyInstance = t.app) => ((await app.inject({ url: '/api/translations/demo?culture=nl' })).json() as Record<string, string>).balance__title;
const themeLogo = async (app: FastifyInstance = t.app) => ((await app.inject({ url: '/api/theme/demo' })).json() as { styling: { logo: string } }).styling.logo;

describe('the published brand and its draft', () => {
  it('GET /admin/api/brands/{code}: the brand file as `brands export` writes it, its files at the URLs the portal answers', async () => {
    const file = await published();
    expect(file).toMatchObject({ code: 'DEMO', slug: 'demo', name: 'Tessera Demo', payoutFee: 250, translations: {} });
    expect(file.styling.logo).toMatch(/^\/api\/assets\/demo\/logo\?v=[\w-]+$/);
    expect(file.customCss).toMatch(/^\/api\/css\/theme\/demo\/custom\.css\?v=[\w-]+$/);
    expect(file.pageAvailability.map((p) => p.code)).toEqual([...FLOW_CODES]);
  });

  it('GET draft without a draft answers the published file, not saved by anyone', async () => {
    const res = await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/draft');
    expect(res.statusCode).toBe(200);
    const draft = res.json() as BrandDraft;
    expect(draft).toMatchObject({ updatedAt: null, updatedBy: null, basedOnVersion: null });
    const file = await published();
    // Its files at their preview URLs: the back office's own host serves nothing outside /admin/.
    expect(draft.file).toEqual({ ...file, styling: { ...file.styling, logo: expect.stringMatching(PREVIEW_FILE), headerImage: expect.stringMatching(PREVIEW_FILE), posterImage: expect.stringMatching(PREVIEW_FILE), emailLogo: expect.stringMatching(PREVIEW_FILE) }, customCss: expect.stringMatching(PREVIEW_FILE) });
    const logo = await call(BRAND_ADMIN, 'GET', draft.file.styling.logo!);
    expect([logo.statusCode, logo.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect((await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/draft/diff')).json()).toEqual({ changes: [] });
  });

  it('GET /admin/api/text-defaults: Tessera’s own texts per language', async () => {
    const res = await call(BRAND_ADMIN, 'GET', '/admin/api/text-defaults');
    expect(res.statusCode).toBe(200);
    const { languages } = res.json() as { languages: Record<string, Record<string, string>> };
    expect(languages.nl!.balance__title).toBe('Bekijk je saldo');
    expect(languages.en!.balance__title).toBe('Check your balance');
  });
});

describe('PUT draft: the brand file check of `brands import`, problems by path, nothing stored', () => {
  const refused: [what: string, change: (file: AdminBrandFile) => AdminBrandFile, paths: string[]][] = [
    ['a background colour variant that does not exist', (f) => ({ ...f, styling: { ...f.styling, backgroundVariant: 'purple' as 'light' } }), ['styling.backgroundVariant']],
    ['an unknown text key', (f) => ({ ...f, translations: { nl: { balance__titel: 'Saldo' } } }), ['translations.nl.balance__titel']],
    ['an SVG with <script>', (f) => ({ ...f, styling: { ...f.styling, logo: svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') } }), ['styling.logo']],
    ['an SVG with onload', (f) => ({ ...f, styling: { ...f.styling, headerImage: svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') } }), ['styling.headerImage']],
    ['CSS with @import url(https://…)', (f) => ({ ...f, customCss: cssDataUrl('@import url(https://evil.example/x.css);\nbody { color: #000; }') }), ['customCss']],
    ['an e-mail logo as SVG', (f) => ({ ...f, styling: { ...f.styling, emailLogo: svgDataUrl(NEW_LOGO) } }), ['styling.emailLogo']],
    ['an image URL of another brand', (f) => ({ ...f, styling: { ...f.styling, logo: '/api/assets/acme/logo?v=x' } }), ['styling.logo']],
    ['another brand’s code, and an unknown key', (f) => ({ ...f, code: 'ACME', colour: 'red' }) as AdminBrandFile, ['colour']],
    ['another brand’s slug', (f) => ({ ...f, slug: 'acme' }), ['slug']],
  ];
  for (const [what, change, paths] of refused) {
    it(`refuses ${what}: 400 INVALID_BRAND naming ${paths.join(', ')}`, async () => {
      const [drafts, files, versions] = [await countRows('brand_drafts'), await countRows('brand_files'), await countRows('brand_versions')];
      const res = await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', change(await published()));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { code: string; problems: BrandProblem[] };
      expect(body.code).toBe('INVALID_BRAND');
      expect([...new Set(body.problems.map((p) => p.path))]).toEqual(paths);
      for (const problem of body.problems) expect(problem.message.length).toBeGreaterThan(0);
      expect([await countRows('brand_drafts'), await countRows('brand_files'), await countRows('brand_versions')]).toEqual([drafts, files, versions]);
    });
  }

  it('takes a draft body far above the API’s 16 KiB (images up to 2 MB each) and refuses an image above 2 MB by its path', async () => {
    const file = await published();
    const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;
    const tooLarge = await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', { ...file, styling: { ...file.styling, posterImage: png(2 * 1024 * 1024 + 1) } });
    expect([tooLarge.statusCode, tooLarge.json().problems]).toEqual([400, [{ path: 'styling.posterImage', message: 'larger than 2 MB' }]]);
    expect(await countRows('brand_drafts')).toBe(0);
  });

  it('names every problem of one file at once, each by its path', async () => {
    const file = await published();
    const res = await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', {
      ...file,
      styling: { ...file.styling, logo: svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>') },
      customCss: cssDataUrl('@import url(https://evil.example/x.css);'),
    });
    expect([...new Set(res.json().problems.map((p: BrandProblem) => p.path))]).toEqual(['styling.logo', 'customCss']);
  });
});

describe('draft, preview, publish, versions and restore', () => {
  let original: AdminBrandFile;
  let originalLogo: string;
  let draft: BrandDraft;

  it('saves a draft with a new logo (data: URL) and a new nl title; the portal still shows the published brand', async () => {
    original = await published();
    originalLogo = await themeLogo();
    const res = await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', {
      ...original,
      styling: { ...original.styling, logo: svgDataUrl(NEW_LOGO) },
      translations: { nl: { balance__title: 'Feestelijk saldo' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    draft = res.json() as BrandDraft;
    expect(draft.updatedBy).toBe(BRAND_ADMIN);
    expect(draft.basedOnVersion).toBe(1);
    expect(draft.file.styling.logo).toMatch(/^\/admin\/preview\/DEMO\/files\/[0-9a-f]{64}$/);
    // Unchanged files stay what they are, now named by content.
    expect(draft.file.styling.headerImage).toMatch(/^\/admin\/preview\/DEMO\/files\/[0-9a-f]{64}$/);
    const { warnings, ...stored } = res.json() as BrandDraft & { warnings: BrandProblem[] };
    expect(warnings).toEqual([]);
    draft = stored;
    expect((await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/draft')).json()).toEqual(draft);

    const diff = (await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/draft/diff')).json() as { changes: { path: string; before: unknown; after: unknown }[] };
    expect(diff.changes.map((c) => c.path)).toEqual(['styling.logo', 'translations.nl.balance__title']);
    expect(diff.changes[1]).toEqual({ path: 'translations.nl.balance__title', before: null, after: 'Feestelijk saldo' });

    expect(await nlTitle()).toBe('Bekijk je saldo');
    expect(await themeLogo()).toBe(originalLogo);
    // Version 1 is the brand as it was before: taken at the first draft save.
    expect((await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/versions')).json()).toEqual({
      items: [{ version: 1, publishedAt: expect.any(String), publishedBy: null, changes: 0 }],
    });
  });

  it('saving the draft again with its own URLs keeps its files (the preview URLs are accepted back)', async () => {
    const res = await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', draft.file);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BrandDraft).file).toEqual(draft.file);
  });

  it('warns of a stylesheet whose colours are below 4.5:1, and still saves it', async () => {
    const css = ':root { --brand-text: #777777; --brand-background: #888888; }';
    const res = await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', { ...draft.file, customCss: cssDataUrl(css) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings.length).toBeGreaterThan(0);
    expect(res.json().warnings[0].path).toBe('customCss');
    // Back to the draft as it was.
    expect((await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', draft.file)).statusCode).toBe(200);
  });

  it('the preview renders the portal page of the flow with the draft: its title and logo, statically, framed by the back office only', async () => {
    const res = await call(BRAND_ADMIN, 'GET', '/admin/preview/DEMO/balance?lng=nl', undefined, { accept: 'text/html' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toMatch(/<h1[^>]*>Feestelijk saldo<\/h1>/);
    expect(html).toContain(draft.file.styling.logo!);
    expect(html).toContain('<html lang="nl">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('"/assets/');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${ORIGIN}`);
    expect(csp).toContain("script-src 'none'");
    // Its stylesheets and images are served to the back office (its own host serves nothing else).
    const links = [...html.matchAll(/href="(\/admin\/preview\/[^"]+)"/g)].map((m) => m[1]!);
    expect(links.some((l) => l.startsWith('/admin/preview/web/') && l.endsWith('.css'))).toBe(true);
    for (const link of links) expect((await call(BRAND_ADMIN, 'GET', link)).statusCode, link).toBe(200);
    const logo = await call(BRAND_ADMIN, 'GET', draft.file.styling.logo!);
    expect([logo.statusCode, logo.headers['content-type'], logo.body]).toEqual([200, 'image/svg+xml', NEW_LOGO]);
    // In English: the default English title (the draft changed only nl).
    expect((await call(BRAND_ADMIN, 'GET', '/admin/preview/DEMO/balance?lng=en')).body).toMatch(/<h1[^>]*>Check your balance<\/h1>/);
  });

  it('the preview is refused without a session (401), to support (403), to another brand’s staff and for another brand (404)', async () => {
    expect((await call(null, 'GET', '/admin/preview/DEMO/balance')).statusCode).toBe(401);
    expect((await call(null, 'GET', draft.file.styling.logo!)).statusCode).toBe(401);
    expect((await call('support@demo.test', 'GET', '/admin/preview/DEMO/balance')).statusCode).toBe(403);
    expect((await call('support@acme.test', 'GET', '/admin/preview/DEMO/balance')).statusCode).toBe(403);
    expect((await call('brand@acme.test', 'GET', '/admin/preview/DEMO/balance')).statusCode).toBe(404);
    expect((await call('brand@acme.test', 'GET', draft.file.styling.logo!)).statusCode).toBe(404);
    const acme = await call(BRAND_ADMIN, 'GET', '/admin/preview/ACME/balance');
    const unknown = await call(BRAND_ADMIN, 'GET', '/admin/preview/NOPE/balance');
    expect([acme.statusCode, acme.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(acme.statusCode).toBe(404);
    expect((await call(BRAND_ADMIN, 'GET', '/admin/preview/DEMO/nonsense')).statusCode).toBe(404);
    // Another brand's draft files are not this brand's.
    expect((await call(BRAND_ADMIN, 'GET', draft.file.styling.logo!.replace('/DEMO/', '/ACME/'))).statusCode).toBe(404);
  });

  it('publish makes the draft the brand: the portal serves it, version 2 is listed, the draft is cleared, the publish audited with its diff', async () => {
    const res = await call(BRAND_ADMIN, 'POST', '/admin/api/brands/DEMO/publish', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ version: 2 });
    expect(await nlTitle()).toBe('Feestelijk saldo');
    const logo = await themeLogo();
    expect(logo).not.toBe(originalLogo);
    expect((await t.app.inject({ url: logo })).body).toBe(NEW_LOGO);
    expect((await t.app.inject({ url: '/demo/balance?lng=nl', headers: { accept: 'text/html' } })).body).toMatch(/<h1[^>]*>Feestelijk saldo<\/h1>/);

    const versions = (await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/versions')).json() as { items: { version: number; publishedBy: string | null; changes: number }[] };
    expect(versions.items.map((v) => [v.version, v.publishedBy, v.changes])).toEqual([
      [2, BRAND_ADMIN, 2],
      [1, null, 0],
    ]);
    const after = (await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/draft')).json() as BrandDraft;
    expect(after).toMatchObject({ updatedAt: null, basedOnVersion: 2 });
    expect((await published()).translations).toEqual({ nl: { balance__title: 'Feestelijk saldo' } });

    const audit = await t.db.selectFrom('audit_events').selectAll().where('type', '=', 'brand.publish').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'published', actor: BRAND_ADMIN, actor_grant: 'brand-admin:DEMO' });
    const detail = JSON.parse(audit[0]!.detail!) as { version: number; changes: { path: string; after: unknown }[] };
    expect(detail.version).toBe(2);
    expect(detail.changes).toContainEqual({ path: 'translations.nl.balance__title', before: null, after: 'Feestelijk saldo' });
    expect(await t.db.selectFrom('audit_events').select('type').where('type', '=', 'brand.draft_save').execute()).not.toHaveLength(0);
  });

  it('publishing again without a draft, or with an unchanged draft, answers 409 NOTHING_TO_PUBLISH and changes nothing', async () => {
    const none = await call(BRAND_ADMIN, 'POST', '/admin/api/brands/DEMO/publish', {});
    expect([none.statusCode, none.json().code]).toEqual([409, 'NOTHING_TO_PUBLISH']);
    const same = (await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/draft')).json() as BrandDraft;
    expect((await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', same.file)).statusCode).toBe(200);
    const unchanged = await call(BRAND_ADMIN, 'POST', '/admin/api/brands/DEMO/publish', {});
    expect([unchanged.statusCode, unchanged.json().code]).toEqual([409, 'NOTHING_TO_PUBLISH']);
    expect(((await call(BRAND_ADMIN, 'GET', '/admin/api/brands/DEMO/versions')).json() as { items: unknown[] }).items).toHaveLength(2);
  });

  it('restoring version 1 makes it the draft (audited); publishing it brings the old title and logo back as version 3', async () => {
    const restored = await call(BRAND_ADMIN, 'POST', '/admin/api/brands/DEMO/versions/1/restore', {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as BrandDraft).file.translations).toEqual({});
    expect((await call(BRAND_ADMIN, 'POST', '/admin/api/brands/DEMO/versions/9/restore', {})).statusCode).toBe(404);
    expect(await nlTitle()).toBe('Feestelijk saldo');
    const res = await call(BRAND_ADMIN, 'POST', '/admin/api/brands/DEMO/publish', {});
    expect(res.json()).toEqual({ version: 3 });
    expect(await nlTitle()).toBe('Bekijk je saldo');
    expect(await themeLogo()).toBe(originalLogo);
    expect(await published()).toEqual(original);
    const restoreEvents = await t.db.selectFrom('audit_events').selectAll().where('type', '=', 'brand.restore').execute();
    expect(restoreEvents.map((e) => [e.outcome, e.actor, JSON.parse(e.detail!)])).toEqual([['restored', BRAND_ADMIN, { version: 1 }]]);
  });

  it('keeps each image once per content, however many versions name it', async () => {
    const rows = await t.db.selectFrom('brand_files').select(['hash']).execute();
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    // The demo brand's five files, the new logo and the low-contrast stylesheet: versions 1 and 3 share theirs.
    expect(rows.length).toBe(7);
  });
});

describe('who may', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/admin/api/brands/{code}'],
    ['GET', '/admin/api/brands/{code}/draft'],
    ['PUT', '/admin/api/brands/{code}/draft', {}],
    ['GET', '/admin/api/brands/{code}/draft/diff'],
    ['POST', '/admin/api/brands/{code}/publish', {}],
    ['GET', '/admin/api/brands/{code}/versions'],
    ['POST', '/admin/api/brands/{code}/versions/1/restore', {}],
  ];
  for (const [method, url, payload] of routes) {
    it(`${method} ${url}: 401 without a session, 403 to support, 404 for another brand as for an unknown one, 403 without the back office's Origin`, async () => {
      const on = (code: string) => url.replace('{code}', code);
      expect((await call(null, method, on('DEMO'), payload)).json().code).toBe('UNAUTHORIZED');
      const support = await call('support@demo.test', method, on('DEMO'), payload);
      expect([support.statusCode, support.json().code]).toEqual([403, 'FORBIDDEN']);
      const acme = await call(BRAND_ADMIN, method, on('ACME'), payload);
      const unknown = await call(BRAND_ADMIN, method, on('NOPE'), payload);
      expect([acme.statusCode, acme.json()]).toEqual([404, unknown.json()]);
      expect(acme.json().code).toBe('NOT_FOUND');
      if (method !== 'GET') {
        const noOrigin = await call(BRAND_ADMIN, method, on('DEMO'), payload, { origin: 'https://evil.example' });
        expect([noOrigin.statusCode, noOrigin.json().code]).toEqual([403, 'FORBIDDEN']);
      }
    });
  }

  it('an admin of all brands manages ACME too', async () => {
    const res = await call('admin@tessera.test', 'GET', '/admin/api/brands/ACME/draft');
    expect(res.statusCode).toBe(200);
    expect((res.json() as BrandDraft).file.code).toBe('ACME');
  });
});

describe('every server serves a publish within 5 s', () => {
  it('a second app on the same database serves the new text and logo within 5 s of a publish on the first', async () => {
    const other = await buildApp(t.config, { db: createDatabase(t.config.database) });
    try {
      // The second server has the brand in its caches before the publish.
      const before = await nlTitle(other.app);
      const beforeLogo = await themeLogo(other.app);
      const beforePage = (await other.app.inject({ url: '/demo/balance?lng=nl', headers: { accept: 'text/html' } })).body;
      expect(beforePage).toContain(`>${before}</h1>`);
      const file = await published();
      expect((await call(BRAND_ADMIN, 'PUT', '/admin/api/brands/DEMO/draft', { ...file, styling: { ...file.styling, logo: svgDataUrl(NEW_LOGO) }, translations: { nl: { balance__title: 'Saldo op twee servers' } } })).statusCode).toBe(200);
      const published_at = Date.now();
      expect((await call(BRAND_ADMIN, 'POST', '/admin/api/brands/DEMO/publish', {})).statusCode).toBe(200);
      let seenAfter: number | undefined;
      while (Date.now() - published_at < 6000) {
        const page = (await other.app.inject({ url: '/demo/balance?lng=nl', headers: { accept: 'text/html' } })).body;
        if (page.includes('>Saldo op twee servers</h1>') && (await nlTitle(other.app)) === 'Saldo op twee servers' && (await themeLogo(other.app)) !== beforeLogo) {
          seenAfter = Date.now() - published_at;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seenAfter, 'the second server served the publish').toBeDefined();
      expect(seenAfter!).toBeLessThan(5000);
    } finally {
      await other.app.close();
    }
  }, 20_000);
});

describe('the preview where the back office has a host of its own (production with ADMIN_URL)', () => {
  const prod = useAppOnWebBuild({
    webBuild: path.join(ROOT as string, 'apps/web/dist'),
    env: {
      ...productionEnvWithAdminHost(),
      LOG_LEVEL: 'silent',
    },
  });
  const on = async (host: string, url: string) => {
    const id = await startStaffSession(prod.deps, { email: BRAND_ADMIN, amr: ['pwd', 'otp'], userAgent: 'test' });
    return prod.app.inject({ url, headers: { host, accept: 'text/html', cookie: `__Host-tessera_staff=${id}` } });
  };

  it('renders on the back office’s host, with the portal’s stylesheets served there, framed by that origin only; not on the portal’s host', async () => {
    const res = await on('admin.example.com', '/admin/preview/DEMO/balance?lng=en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Check your balance<\/h1>/);
    expect(String(res.headers['content-security-policy'])).toMatch(/frame-ancestors https:\/\/admin\.example\.com(;|$)/);
    const links = [...res.body.matchAll(/href="(\/admin\/preview\/[^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect((await on('admin.example.com', link)).statusCode, link).toBe(200);
    // The portal's own paths answer nothing on the back office's host: the preview's must not need them.
    expect(res.body).not.toMatch(/(href|src)="\/(api|assets)\//);
    expect((await on('cards.example.com', '/admin/preview/DEMO/balance')).statusCode).toBe(404);
  });
});
