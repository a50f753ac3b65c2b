import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { type CspDirectives, serializeCsp } from '../http/security-headers.js';
import type { App } from '../http/route-types.js';
import { indexStaticFiles, negotiatePageEncoding, notModifiedHook, readPageCopies, staticFileHeaders } from '../http/static-files.js';

/** Where the app lives; its router runs in the browser below it. */
const MOUNT = '/admin';
/** Paths under /admin/ that are never a page: the API, the sign-in and the build's files. */
const NOT_A_PAGE = /^\/admin\/(api|auth|assets)(\/|$)/;

/**
 * The back office's policy (docs/decisions/031): scripts only from its own files, styles from its
 * own files plus the hashes of the <style> texts React Aria injects (the build measures them into
 * csp.json), nothing framed and nothing framing it.
 */
export function adminCsp(styleSrc: string[]): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': styleSrc,
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

function readStyleSources(adminDist: string): string[] {
  const file = path.join(adminDist, 'csp.json');
  if (!existsSync(file)) return ["'self'"];
  return (JSON.parse(readFileSync(file, 'utf8')) as { 'style-src': string[] })['style-src'];
}

/**
 * The back office's pages, the build of apps/admin (ADMIN_DIST), inside the back office's scope so
 * its host rule holds for them too: hashed /admin/assets/* cached for a year with ETags from content
 * and their precompressed copies, an unknown file 404; index.html (no-cache, its own CSP) for
 * /admin/ and every other page path, where the app's router decides; /admin → /admin/.
 * Without a build nothing is registered: the API works and the pages answer 404.
 */
export async function adminPages(app: App, { adminDist }: { adminDist: string }): Promise<void> {
  const indexFile = path.join(adminDist, 'index.html');
  if (!existsSync(indexFile)) return;
  const page = readPageCopies(indexFile);
  const csp = serializeCsp(adminCsp(readStyleSources(adminDist)));
  const assets = path.join(adminDist, 'assets');

  if (existsSync(assets)) {
    const files = indexStaticFiles(assets, '');
    await app.register(async (scope) => {
      scope.addHook('onRequest', notModifiedHook(adminDist, files, MOUNT));
      await scope.register(fastifyStatic, {
        root: assets,
        prefix: `${MOUNT}/assets/`,
        wildcard: true,
        index: false,
        decorateReply: false,
        preCompressed: true,
        // Our own cache policy and validator (http/static-files.ts): the ETag from content.
        cacheControl: false,
        etag: false,
        lastModified: false,
        setHeaders: staticFileHeaders(adminDist, files),
      });
    });
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathName = request.url.split('?')[0] ?? '';
    if (NOT_A_PAGE.test(pathName)) throw new AppError('NOT_FOUND');
    const encoding = negotiatePageEncoding(request, reply, page);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', csp).send(page.get(encoding));
  };
  app.get(MOUNT, { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${MOUNT}/${query}`, 308);
  });
  app.get(`${MOUNT}/`, { schema: { hide: true } }, servePage);
  app.get(`${MOUNT}/*`, { schema: { hide: true } }, servePage);
}
