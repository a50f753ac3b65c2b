import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FALLBACK_LANGUAGE, type FlowCode, flowSegments, SUPPORTED_LANGUAGES, type Theme, type Translations } from '@tessera/contracts';
import { brandsFor, grantFor } from '@tessera/contracts/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findBrandByCode } from '../../db/repositories/brands.js';
import { findStaffGrants } from '../../db/repositories/staff-grants.js';
import type { BrandRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { pageLanguage } from '../../domain/language.js';
import { AppError } from '../../errors.js';
import { escapeHtml } from '../../http/html-page.js';
import type { App } from '../../http/route-types.js';
import { type CspDirectives, serializeCsp } from '../../http/security-headers.js';
import { flowHeads, loadPageRenderer, startAfterFirstPaint } from '../../app/server-rendered-pages.js';
import { DEFAULT_TRANSLATIONS } from '../../translations/defaults.js';
import { readSessionCookie } from '../session-cookie.js';
import { useStaffSession } from '../sessions.js';
import { brandFileOfBrand, draftForPreview, previewFileUrl } from './brand-drafts.js';
import { hashOfRef, IMAGE_FIELDS, type StoredBrandFile } from './stored-brand.js';

/**
 * The draft's preview (docs/decisions/044): the portal's own server rendering of a flow's first
 * screen (the web app's dist-ssr renderPage, as server-rendered-pages.ts uses it), with a theme and
 * texts built from the draft as getTheme and brandTexts build them from the published brand. A
 * static page: no state block, no script (CSP script-src 'none'), so the web app never starts
 * and calls no API. Framed by the back office only (frame-ancestors its origin), noindex,
 * no-store. The portal's built stylesheets are served under /admin/preview/web/ because the back
 * office's own host answers nothing outside /admin/ (own-host.ts).
 */

/** Where the portal's built files are served for the preview. */
export const PREVIEW_WEB_PREFIX = '/admin/preview/web/';

const FLOW_OF_SEGMENT = new Map<string, FlowCode>(Object.entries(flowSegments).map(([code, segment]) => [segment, code as FlowCode]));

/**
 * The preview's guard, the same rules as the API's (admin-route.ts) for the one action
 * brand.manage: no session 401, no grant with the action 403, a brand unknown or outside the
 * caller's grants 404, a role without the action on that brand 403.
 */
export async function previewBrand(deps: ServiceDeps, request: FastifyRequest, code: string): Promise<BrandRow> {
  const email = await useStaffSession(deps, readSessionCookie(deps.config.staff, request));
  if (!email) throw new AppError('UNAUTHORIZED', 'Sign in to the back office.');
  const grants = await findStaffGrants(deps.db, email);
  const brands = brandsFor(grants, 'brand.manage');
  if (brands !== 'all' && brands.length === 0) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
  const brand = await findBrandByCode(deps.db, code.toUpperCase());
  if (!brand || !grants.some((g) => g.brand === null || g.brand.toUpperCase() === brand.code)) throw new AppError('NOT_FOUND');
  if (!grantFor(grants, 'brand.manage', brand.code)) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
  return brand;
}

/** The theme the portal would answer for the draft (get-theme.ts), its files at their preview URLs. */
export function themeOfDraft(code: string, file: StoredBrandFile): Theme {
  const url = (ref: string | null | undefined) => {
    const hash = hashOfRef(ref);
    return hash ? previewFileUrl(code, hash) : null;
  };
  const { emailLogo: _emailLogo, ...styling } = file.styling;
  for (const field of IMAGE_FIELDS) if (field !== 'emailLogo') styling[field] = url(file.styling[field]);
  return {
    code: file.code,
    slug: file.slug,
    name: file.name,
    styling: styling as Theme['styling'],
    pageAvailability: file.pageAvailability.map((p) => ({ code: p.code, isAvailable: p.isAvailable, availableLanguages: p.availableLanguages })),
    scanningFlows: file.scanningFlows,
    termsUrls: file.termsUrls,
  };
}

/** The texts the portal would answer for the draft in `lng` (translations/brand-texts.ts): the defaults with the draft's on top. */
export const textsOfDraft = (file: StoredBrandFile, lng: string): Translations => ({ ...(DEFAULT_TRANSLATIONS[lng] ?? {}), ...(file.translations[lng] ?? {}) });

interface WebBuild {
  renderer: NonNullable<Awaited<ReturnType<typeof loadPageRenderer>>>;
  template: string;
  head: ReturnType<typeof flowHeads>;
}

/** The portal's build, read once (null when not built: the preview answers 404). */
function webBuildOf(webDist: string): () => Promise<WebBuild | null> {
  let loaded: Promise<WebBuild | null> | undefined;
  return () =>
    (loaded ??= (async () => {
      const indexFile = path.join(webDist, 'index.html');
      const renderer = await loadPageRenderer(webDist);
      if (!renderer || !existsSync(indexFile)) return null;
      return { renderer, template: startAfterFirstPaint(readFileSync(indexFile, 'utf8')).template, head: flowHeads(webDist) };
    })());
}

/** The portal's built files at their preview paths: `/assets/x.css` → `/admin/preview/web/x.css`. */
const toPreviewAssets = (html: string) => html.replace(/(["'(])\/assets\//g, `$1${PREVIEW_WEB_PREFIX}`);

export function previewCsp(staffOrigin: string): CspDirectives {
  return {
    'default-src': ["'none'"],
    'script-src': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': [staffOrigin],
  };
}

/** GET /admin/preview/{code}/{flow}?lng=: the page, or 404 for a flow the portal has no path for. */
export function previewPages(deps: ServiceDeps) {
  const build = webBuildOf(deps.config.webDist);
  const csp = serializeCsp(previewCsp(deps.config.staff.origin));
  return async (request: FastifyRequest<{ Params: { code: string; flow: string }; Querystring: { lng?: string } }>, reply: FastifyReply) => {
    const brand = await previewBrand(deps, request, request.params.code);
    const flow = FLOW_OF_SEGMENT.get(request.params.flow.toLowerCase());
    if (!flow) throw new AppError('NOT_FOUND', 'No such flow.');
    const web = await build();
    if (!web) throw new AppError('NOT_FOUND', 'The portal is not built: there is nothing to preview with.');
    const file = await draftForPreview(deps, brand);
    const theme = themeOfDraft(brand.code, file);
    const offered = theme.pageAvailability.find((p) => p.code === flow)?.availableLanguages ?? [];
    const lng = pageLanguage({ query: typeof request.query.lng === 'string' ? request.query.lng : undefined }, [...SUPPORTED_LANGUAGES, ...offered], offered.length > 0 ? offered : [FALLBACK_LANGUAGE]);
    const texts = textsOfDraft(file, lng);
    const pathName = `/${file.slug}/${flowSegments[flow]}`;
    const rendered = await web.renderer.renderPage(pathName, { slug: file.slug, flow, lng, theme, texts });
    const css = hashOfRef(file.customCss);
    const head = [
      '<meta name="robots" content="noindex, nofollow" />',
      css ? `<link rel="stylesheet" href="${escapeHtml(previewFileUrl(brand.code, css))}" data-theme-stylesheet="${escapeHtml(file.slug)}" />` : '',
      web.head(flow, false).links,
    ].join('');
    const html = toPreviewAssets(
      web.template
        .replace('<html lang="nl">', () => `<html lang="${escapeHtml(lng)}">`)
        .replace('<title>Tessera</title>', () => `<title>${escapeHtml(rendered.title || theme.name)}</title>`)
        .replace('</head>', () => `${head}</head>`)
        // Inert and without its state block: a picture of the page, never taken over by the web app.
        .replace('<div id="root"></div>', () => `<div id="root" inert>${rendered.root}</div>`),
    );
    reply.raw.removeHeader('x-frame-options');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-security-policy', csp)
      .send(html);
  };
}

/** The portal's built stylesheets, fonts and images (never its scripts) for the preview. */
export function previewWebFile(deps: ServiceDeps) {
  const assets = path.join(deps.config.webDist, 'assets');
  return async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const name = request.params.file;
    const type = /^[\w.-]+\.(css|svg|png|webp|woff2?)$/.exec(name)?.[1];
    const file = path.join(assets, name);
    if (!type || !existsSync(file)) throw new AppError('NOT_FOUND');
    const types: Record<string, string> = { css: 'text/css; charset=utf-8', svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp', woff: 'font/woff', woff2: 'font/woff2' };
    return reply.type(types[type]!).header('cache-control', 'public, max-age=31536000, immutable').send(readFileSync(file));
  };
}

/** GET /admin/preview/{code}/files/{hash}: an image or the stylesheet the brand's draft or versions name, for staff of the brand. */
export function previewFile(deps: ServiceDeps) {
  return async (request: FastifyRequest<{ Params: { code: string; hash: string } }>, reply: FastifyReply) => {
    const brand = await previewBrand(deps, request, request.params.code);
    const hash = /^[0-9a-f]{64}$/.test(request.params.hash) ? request.params.hash : '';
    const found = hash ? await brandFileOfBrand(deps, brand, hash) : undefined;
    if (!found) throw new AppError('NOT_FOUND');
    return (
      reply
        .type(found.contentType === 'text/css' ? 'text/css; charset=utf-8' : found.contentType)
        // The URL names the content: it never changes, but it is the brand's unpublished work.
        .header('cache-control', 'private, max-age=31536000, immutable')
        // An SVG opened on its own runs nothing and loads nothing.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .send(found.content)
    );
  };
}

/** The preview's routes, inside the back office's scope (its host rule). */
export async function previewRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const hidden = { schema: { hide: true } };
  app.get(`${PREVIEW_WEB_PREFIX}:file`, hidden, previewWebFile(deps));
  app.get('/admin/preview/:code/files/:hash', hidden, previewFile(deps));
  app.get('/admin/preview/:code/:flow', hidden, previewPages(deps));
}
