import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, matchesIfNoneMatch } from './content-etag.js';

/** Beside a file of a build, its precompressed copies (tools/build/precompress.ts). */
const COPY = /\.(br|gz)$/;

export interface StaticFile {
  etag: string;
  /** The build wrote compressed copies: the answer depends on Accept-Encoding. */
  compressed: boolean;
}

/**
 * Every file of a build (the portal's apps/web/dist, the back office's apps/admin/dist), read once at start: its ETag from its content
 * (http/content-etag.ts; @fastify/send's own is size and mtime, which differ between replicas) and
 * whether it has compressed copies. The build does not change while the server runs. `except`:
 * index.html, which is a page (app/web-app.ts, back-office/pages.ts), not a file.
 */
export function indexStaticFiles(root: string, except: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || COPY.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file === except) continue;
    files.set(file, {
      etag: etagOf(readFileSync(file)),
      compressed: existsSync(`${file}.br`) || existsSync(`${file}.gz`),
    });
  }
  return files;
}

/** The file a request names under root, by its decoded URL path below `mount` (the build's URL prefix), or undefined. */
export function fileOfRequest(root: string, url: string, mount = ''): string | undefined {
  const pathName = url.split('?')[0] ?? '';
  if (!pathName.startsWith(`${mount}/`)) return undefined;
  try {
    return path.join(root, decodeURIComponent(pathName.slice(mount.length)));
  } catch {
    return undefined;
  }
}

/** Hashed file names (Vite's `name-<hash>.ext` under assets/) never change content. */
export const isHashedAsset = (relative: string) => relative.startsWith(`assets${path.sep}`);

export function cacheControlOf(relative: string): string {
  return isHashedAsset(relative) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

/**
 * onRequest hook of the static files: 304 when If-None-Match names the file's ETag, with the
 * headers a 304 must repeat (ETag, Cache-Control, Vary).
 */
export function notModifiedHook(root: string, files: Map<string, StaticFile>, mount = '') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['if-none-match'];
    if (!header) return;
    const file = fileOfRequest(root, request.url, mount);
    const known = file === undefined ? undefined : files.get(file);
    if (!known || !matchesIfNoneMatch(header, known.etag)) return;
    reply.header('etag', known.etag).header('cache-control', cacheControlOf(path.relative(root, file!)));
    if (known.compressed) reply.header('vary', 'accept-encoding');
    return reply.code(304).send();
  };
}

/** @fastify/static's setHeaders for a build's files: our cache policy, the ETag from content, Vary when copies exist. */
export function staticFileHeaders(root: string, files: Map<string, StaticFile>): (res: { setHeader(name: string, value: string): unknown }, filePath: string) => void {
  return (res, filePath) => {
    const original = filePath.replace(COPY, '');
    const known = files.get(original);
    res.setHeader('cache-control', cacheControlOf(path.relative(root, original)));
    if (known) res.setHeader('etag', known.etag);
    if (known?.compressed) res.setHeader('vary', 'accept-encoding');
  };
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** index.html as the build wrote it, with its precompressed copies. */
export function readPageCopies(indexFile: string): Map<PageEncoding, Buffer> {
  const copies = new Map<PageEncoding, Buffer>([['identity', readFileSync(indexFile)]]);
  if (existsSync(`${indexFile}.br`)) copies.set('br', readFileSync(`${indexFile}.br`));
  if (existsSync(`${indexFile}.gz`)) copies.set('gzip', readFileSync(`${indexFile}.gz`));
  return copies;
}

/**
 * The encoding of a page's copies the client accepts (identity when none), with the headers that
 * say so: Content-Encoding, and Vary whenever copies exist.
 */
export function negotiatePageEncoding(request: FastifyRequest, reply: FastifyReply, copies: Map<PageEncoding, Buffer>): PageEncoding {
  const encodings = [...copies.keys()].filter((e) => e !== 'identity');
  const encoding = ((encodings.length > 0 && negotiate(request.headers['accept-encoding'] ?? '', encodings)) || 'identity') as PageEncoding;
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (encodings.length > 0) reply.header('vary', 'accept-encoding');
  return encoding;
}
