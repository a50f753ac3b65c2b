import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, matchesIfNoneMatch } from '../http/content-etag.js';

/** Beside a file of the build, its precompressed copies (apps/web/precompress.ts). */
const COPY = /\.(br|gz)$/;

export interface StaticFile {
  etag: string;
  /** The build wrote compressed copies: the answer depends on Accept-Encoding. */
  compressed: boolean;
}

/**
 * Every file of the web build (apps/web/dist), read once at start: its ETag from its content
 * (http/content-etag.ts; @fastify/send's own is size and mtime, which differ between replicas) and
 * whether it has compressed copies. The build does not change while the server runs. `except`:
 * index.html, which is a page (web-app.ts), not a file.
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

/** The file a request names under root, by its decoded URL path, or undefined. */
export function fileOfRequest(root: string, url: string): string | undefined {
  try {
    return path.join(root, decodeURIComponent(url.split('?')[0] ?? ''));
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
export function notModifiedHook(root: string, files: Map<string, StaticFile>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['if-none-match'];
    if (!header) return;
    const file = fileOfRequest(root, request.url);
    const known = file === undefined ? undefined : files.get(file);
    if (!known || !matchesIfNoneMatch(header, known.etag)) return;
    reply.header('etag', known.etag).header('cache-control', cacheControlOf(path.relative(root, file!)));
    if (known.compressed) reply.header('vary', 'accept-encoding');
    return reply.code(304).send();
  };
}
