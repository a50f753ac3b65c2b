import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../services/deps.js';
import { embedFrameAncestors } from '../services/embed-frame-ancestors.js';
import { type CspDirectives, embedFrameAncestors as frameAncestorsFor, serializeCsp } from './security-headers.js';

/** Paths that never fall back to the single-page app. */
const NOT_THE_WEB_APP = /^\/(api|dev)(\/|$)|^\/(healthz|readyz)$/;
/** The balance embed: the one page other sites may frame (spec §2.6). */
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
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<{ serveIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> } | null> {
  const indexFile = path.join(options.webDist, 'index.html');
  if (!existsSync(indexFile)) return null;
  const indexHtml = readFileSync(indexFile);

  await app.register(fastifyStatic, {
    root: options.webDist,
    prefix: '/',
    wildcard: true,
    index: false,
    // Our own cache policy below: long for hashed assets, revalidate for the rest.
    cacheControl: false,
    // index.html is answered by serveIndex with the page headers; the rest are static files.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (res, filePath) => {
      const relative = path.relative(options.webDist, filePath);
      res.setHeader(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const embed = EMBED_PATH.exec(request.url.split('?')[0] ?? '');
    if (embed) {
      const origins = await embedFrameAncestors(options.deps, embed[1]!);
      reply.header('content-security-policy', serializeCsp({ ...options.csp, 'frame-ancestors': frameAncestorsFor(origins) }));
      reply.removeHeader('x-frame-options');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };
  return { serveIndex };
}

export function isWebAppRequest(request: FastifyRequest): boolean {
  const pathName = request.url.split('?')[0] ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && !NOT_THE_WEB_APP.test(pathName) && wantsHtml(request);
}
