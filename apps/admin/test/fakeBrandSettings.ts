import { vi } from 'vitest';
import {
  adminBrandFileSchema,
  adminMeSchema,
  brandDiffSchema,
  brandDraftSchema,
  brandVersionListSchema,
  publishedVersionSchema,
  savedBrandDraftSchema,
  textDefaultsSchema,
  type AdminBrandFile,
  type AdminMe,
  type BrandDraft,
  type BrandProblem,
} from '@tessera/contracts/admin';
import { fakeAdminApi } from './fakeAdminApi';

/*
 * The brand settings calls of the back office's API, faked beside the rest (fakeAdminApi answers
 * every other call and records these with its own): answers built through the contracts' schemas,
 * a draft saved, published and restored as the server keeps it.
 */

export const BRAND_ADMIN_DEMO: AdminMe = adminMeSchema.parse({ email: 'brand@demo.test', grants: [{ role: 'brand-admin', brand: 'DEMO' }] });

/** 60 text keys per language: more than two pages of the editor. */
export const DEFAULT_TEXTS = {
  nl: { balance__title: 'Bekijk je saldo', shell__issuer_statement: 'Uitgegeven door Tessera', ...Object.fromEntries(Array.from({ length: 58 }, (_, i) => [`generic__key_${String(i).padStart(2, '0')}`, `Tekst ${i}`])) },
  en: { balance__title: 'Check your balance', shell__issuer_statement: 'Issued by Tessera', ...Object.fromEntries(Array.from({ length: 58 }, (_, i) => [`generic__key_${String(i).padStart(2, '0')}`, `Text ${i}`])) },
};

export const DEMO_FILE: AdminBrandFile = adminBrandFileSchema.parse({
  code: 'DEMO',
  slug: 'demo',
  name: 'Tessera Demo',
  assetCode: 'EUR',
  styling: {
    logo: '/api/assets/demo/logo?v=1',
    emailLogo: '/api/assets/demo/email-logo?v=1',
    headerImage: '/api/assets/demo/header?v=1',
    posterImage: null,
    addSwoosh: true,
    backgroundVariant: 'light',
    useGradient: true,
    informationType: 1,
  },
  pageAvailability: [
    { code: 'BALANCE', isAvailable: true, availableLanguages: ['nl', 'en'] },
    { code: 'VISA', isAvailable: true, availableLanguages: ['nl', 'en'] },
  ],
  scanningFlows: ['BALANCE'],
  payoutFee: 250,
  replacementMinimum: 100,
  termsUrls: { terms: 'https://tessera.example/voorwaarden', privacy: 'https://tessera.example/privacy' },
  embedOrigins: ['*'],
  customCss: '/api/css/theme/demo/custom.css?v=1',
  translations: {},
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function fakeBrandSettingsApi({ me = BRAND_ADMIN_DEMO }: { me?: AdminMe } = {}) {
  const base = fakeAdminApi({ me });
  let published = DEMO_FILE;
  let draft: BrandDraft = brandDraftSchema.parse({ file: DEMO_FILE, updatedAt: null, updatedBy: null, basedOnVersion: 1 });
  const versions: { version: number; publishedAt: string; publishedBy: string | null; changes: number; file: AdminBrandFile }[] = [{ version: 1, publishedAt: '2026-11-01T10:00:00Z', publishedBy: null, changes: 0, file: DEMO_FILE }];
  let problems: BrandProblem[] | null = null;
  const mine = (code: string) => me.grants.some((g) => g.brand === null || g.brand === code);

  function answer(method: string, path: string, body: unknown): Response {
    if (method === 'GET' && path === '/admin/api/text-defaults') return json(200, textDefaultsSchema.parse({ languages: DEFAULT_TEXTS }));
    if (method === 'GET' && path === '/api/css/theme/demo/custom.css') return new Response('.shell { color: #1a1f36; }\n', { status: 200, headers: { 'content-type': 'text/css' } });
    const brand = /^\/admin\/api\/brands\/([^/]+)\/(draft\/diff|draft|publish|versions|versions\/(\d+)\/restore)$/.exec(path);
    if (!brand) return json(404, { code: 'NOT_FOUND', message: `no fake for ${method} ${path}` });
    if (!mine(brand[1]!)) return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    const what = brand[2]!;
    if (method === 'GET' && what === 'draft') return json(200, draft);
    if (method === 'PUT' && what === 'draft') {
      if (problems) {
        const refused = problems;
        problems = null;
        return json(400, { code: 'INVALID_BRAND', message: 'The brand file has problems.', problems: refused });
      }
      draft = { file: adminBrandFileSchema.parse(body), updatedAt: '2026-11-28T10:00:00Z', updatedBy: me.email, basedOnVersion: versions.length };
      return json(200, savedBrandDraftSchema.parse({ ...draft, warnings: [] }));
    }
    if (method === 'GET' && what === 'draft/diff') {
      const before = published.translations.nl?.balance__title ?? null;
      const after = draft.file.translations.nl?.balance__title ?? null;
      const changes = [
        ...(before !== after ? [{ path: 'translations.nl.balance__title', before, after }] : []),
        ...(published.styling.logo !== draft.file.styling.logo ? [{ path: 'styling.logo', before: 'sha256:aaaaaaaaaaaa', after: 'sha256:bbbbbbbbbbbb' }] : []),
      ];
      return json(200, brandDiffSchema.parse({ changes }));
    }
    if (method === 'POST' && what === 'publish') {
      published = draft.file;
      versions.unshift({ version: versions.length + 1, publishedAt: '2026-11-28T10:05:00Z', publishedBy: me.email, changes: 1, file: draft.file });
      return json(200, publishedVersionSchema.parse({ version: versions.length }));
    }
    if (method === 'GET' && what === 'versions') return json(200, brandVersionListSchema.parse({ items: versions.map(({ file: _file, ...item }) => item) }));
    if (method === 'POST' && brand[3]) {
      const version = versions.find((v) => v.version === Number(brand[3]));
      if (!version) return json(404, { code: 'NOT_FOUND', message: 'No such version' });
      draft = { file: version.file, updatedAt: '2026-11-28T10:10:00Z', updatedBy: me.email, basedOnVersion: versions.length };
      return json(200, draft);
    }
    return json(404, { code: 'NOT_FOUND', message: `no fake for ${method} ${path}` });
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (!/^\/admin\/api\/(brands\/|text-defaults)|^\/api\/css\//.test(url.pathname)) return base.fetch(input, init);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    base.calls.push({ method, path: url.pathname, query: url.searchParams, body, credentials: init?.credentials, accept: new Headers(init?.headers).get('accept') });
    return answer(method, url.pathname, body);
  });

  return {
    ...base,
    fetch,
    /** The next draft PUT answers 400 INVALID_BRAND with these problems. */
    refuseNextDraft: (refused: BrandProblem[]) => {
      problems = refused;
    },
    draft: () => draft,
  };
}
