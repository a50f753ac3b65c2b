import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { flowSegments } from '@tessera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { defaultBrandStart } from './list-demo-brands.js';
import type { ServiceDeps } from '../deps.js';
import { embedFrameAncestors } from './embed-frame-ancestors.js';
import { type CspDirectives, embedFrameAncestors as frameAncestorsFor, permissionsPolicy, serializeCsp } from '../http/security-headers.js';
import { mayShowScanner } from './scanner-pages.js';
import { indexStaticFiles, negotiatePageEncoding, notModifiedHook, readPageCopies, staticFileHeaders } from '../http/static-files.js';
import { flowHeads, loadPageRenderer, ServerRenderedPages } from './server-rendered-pages.js';
import { serverRenderedScreen, webPageStatus } from './web-pages.js';

/**
 * Paths that never fall back to the single-page app: the API, the back office (its own app, on its
 * own host in production), health checks, and files. A missing
 * /assets/x.js (an old tab after a deploy) must be a 404, not index.html served as a script.
 */
const NOT_THE_WEB_APP = /^\/(api|dev|assets|admin)(\/|$)|^\/(healthz|readyz)$|\/[^/]+\.[A-Za-z0-9]+$/;
/** The balance embed: the one page other sites may frame (docs/product/balance.md#embed). */
const EMBED_PATH = /^\/([A-Za-z0-9_-]+)\/balance\/embed(\/|$)/;

export interface WebAppOptions {
  webDist: string;
  csp: CspDirectives;
  deps: ServiceDeps;
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

/**
 * Serves the built web app (apps/web/dist): hashed /assets/* cached for a year, everything else
 * revalidated, and index.html for any other page (the router runs in the browser).
 * Without a build the API works on its own and pages answer 404.
 */
export type ServeIndex = (request: FastifyRequest, reply: FastifyReply, status?: 200 | 404) => Promise<FastifyReply>;

/**
 * Serves the built web app (apps/web/dist): its files in the brotli or gzip copy the build wrote
 * when the client accepts one (Vary: Accept-Encoding), with an ETag from their content and 304 on
 * If-None-Match; hashed /assets/* cached for a year, everything else revalidated; and the page
 * (index.html) for any other path, 200 for a page of the web app and 404 for an unknown brand or
 * page (web-pages.ts). `serveIndex` is the one place that answers a page (docs/decisions/018).
 * Without a build the API works on its own and pages answer 404.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<{ serveIndex: ServeIndex } | null> {
  const indexFile = path.join(options.webDist, 'index.html');
  if (!existsSync(indexFile)) return null;
  const indexHtml = readPageCopies(indexFile);
  const files = indexStaticFiles(options.webDist, indexFile);
  const renderer = await loadPageRenderer(options.webDist);
  const rendered = renderer ? new ServerRenderedPages(options.deps, renderer, indexHtml.get('identity')!.toString('utf8'), flowHeads(options.webDist)) : null;

  await app.register(async (scope) => {
    scope.addHook('onRequest', notModifiedHook(options.webDist, files));
    await scope.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      // The .br/.gz copy the client accepts, beside the file.
      preCompressed: true,
      // Our own cache policy and validator (static-files.ts): the ETag from content.
      cacheControl: false,
      etag: false,
      lastModified: false,
      // index.html is answered by serveIndex with the page headers; the rest are static files.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: staticFileHeaders(options.webDist, files),
    });
  });

  const serveIndex: ServeIndex = async (request, reply, status) => {
    const pathName = request.url.split('?')[0] ?? '';
    // The embed too: its camera then also needs the framing page's allow="camera".
    if (await mayShowScanner(options.deps, pathName)) reply.header('permissions-policy', permissionsPolicy({ camera: true }));
    const code = status ?? (await webPageStatus(options.deps, pathName));
    const screen = rendered && code === 200 ? serverRenderedScreen(pathName) : null;
    const embed = EMBED_PATH.exec(pathName);
    // A rendered page runs one inline script, its entry's loader (startAfterFirstPaint), by hash.
    const csp = screen ? { ...options.csp, 'script-src': [...options.csp['script-src']!, rendered!.scriptSource] } : options.csp;
    if (embed) {
      const origins = await embedFrameAncestors(options.deps, embed[1]!);
      reply.header('content-security-policy', serializeCsp({ ...csp, 'frame-ancestors': frameAncestorsFor(origins) }));
      reply.removeHeader('x-frame-options');
    } else if (screen) {
      reply.header('content-security-policy', serializeCsp(csp));
    }
    const encoding = negotiatePageEncoding(request, reply, indexHtml);
    // The language follows the query, the i18next cookie and Accept-Language: caches must tell them apart.
    if (screen) reply.header('vary', 'accept-encoding, accept-language, cookie');
    const body = screen ? (await rendered!.page(request, screen)).in(encoding) : indexHtml.get(encoding);
    return reply.code(code).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);
  };
  return { serveIndex };
}

export function isWebAppRequest(request: FastifyRequest): boolean {
  const pathName = request.url.split('?')[0] ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && !NOT_THE_WEB_APP.test(pathName) && wantsHtml(request);
}

/**
 * `/` (docs/product/common.md#demo-mode): in demo mode the web app, whose home
 * route lists the demo brands and their flows; in production a 302 to DEFAULT_BRAND's first
 * available flow when that brand exists, and 404 otherwise (with a build, the web app's page
 * with status 404, so a browser sees the not-found page; without one, the API's error body).
 */
export function registerHomePage(app: FastifyInstance, options: { deps: ServiceDeps; serveIndex: ServeIndex | null }): void {
  const { deps, serveIndex } = options;
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if (deps.config.demoMode) {
      if (serveIndex) return serveIndex(request, reply);
      throw new AppError('NOT_FOUND');
    }
    const start = await defaultBrandStart(deps);
    if (start) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply
        .header('cache-control', 'no-cache')
        .redirect(`/${encodeURIComponent(start.slug)}/${flowSegments[start.flow]}${query}`, 302);
    }
    if (serveIndex && isWebAppRequest(request)) return serveIndex(request, reply, 404);
    throw new AppError('NOT_FOUND');
  });
}
