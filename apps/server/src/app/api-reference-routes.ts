import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, matchesIfNoneMatch } from '../http/content-etag.js';
import { escapeHtml } from '../http/html-page.js';
import type { App } from '../http/route-types.js';
import { negotiatePageEncoding, type PageEncoding } from '../http/static-files.js';
import { appRoot } from '../resources.js';

/**
 * The brand API's reference at /api/docs: Redoc (docs/decisions/043) rendering /api/openapi.json,
 * every file served by Tessera itself, nothing from another origin.
 */
export const API_REFERENCE_PATH = '/api/docs';
const SCRIPT_PATH = `${API_REFERENCE_PATH}/redoc.standalone.js`;
const INIT_PATH = `${API_REFERENCE_PATH}/init.js`;

/**
 * The page's own policy. Scripts only from here (no inline script: the start-up is a file), the
 * document fetched from here, Redoc's search worker from a blob: URL. Styles also inline: Redoc's
 * styled-components write <style> elements and style attributes at run time, which no hash or
 * nonce can cover. The page shows the public API document and nothing of a cardholder's.
 */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Where the Redoc bundle is: copied beside the server bundle by build.mjs (the image has no
 * devDependencies), or in node_modules when run from source.
 */
function redocBundleFile(): string {
  const copied = path.join(appRoot, 'api-reference', 'redoc.standalone.js');
  if (existsSync(copied)) return copied;
  return createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
}

/**
 * The bundle as served. Its sidebar shows Redocly's logo from cdn.redoc.ly, the one request it
 * makes to another origin (refused by the policy above, an error in the console): with no
 * address the image fails at once without a request, and Redoc's own error handler hides it.
 */
function readRedocBundle(): Buffer {
  const text = readFileSync(redocBundleFile(), 'utf8');
  const patched = text.replace('"https://cdn.redoc.ly/redoc/logo-mini.svg"', '""');
  if (patched === text) throw new Error('The Redoc bundle no longer names its logo where expected: check the API reference page for requests to other origins.');
  return Buffer.from(patched, 'utf8');
}

interface Served {
  etag: string;
  copies: Map<PageEncoding, Buffer>;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * A file's answer in each encoding, worked out once, on first use. Compressing the 1.1 MB bundle
 * takes about a second of CPU: zlib's asynchronous calls do it on libuv's thread pool, so the
 * event loop goes on answering meanwhile. Brotli is listed first: of the encodings a client
 * accepts equally, the first listed is chosen.
 */
function servedOnce(read: () => Buffer): () => Promise<Served> {
  let served: Promise<Served> | undefined;
  return () => {
    served ??= (async () => {
      const body = read();
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 9 }),
      ]);
      return { etag: etagOf(body), copies: new Map<PageEncoding, Buffer>([['br', br], ['gzip', gz], ['identity', body]]) };
    })();
    return served;
  };
}

function sendServed(request: FastifyRequest, reply: FastifyReply, served: Served, type: string, cacheControl: string) {
  reply.type(type).header('cache-control', cacheControl).header('etag', served.etag).header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'] ?? '', served.etag)) return reply.code(304).send();
  const encoding = negotiatePageEncoding(request, reply, served.copies);
  return reply.send(served.copies.get(encoding));
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml('Tessera brand API reference')}</title>
<script src="${SCRIPT_PATH}" defer></script>
<script src="${INIT_PATH}" defer></script>
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript. The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
</body>
</html>
`;

// Redoc derives its light primary (the "additional property" label) by lightening the main one,
// to 3:1 on white: both are set to a blue of 6.7:1 (WCAG 1.4.3 asks 4.5:1).
const INIT = `// Redoc renders the document this server serves (docs/brand-api.md).
Redoc.init('/api/openapi.json', {
  expandResponses: '200,201',
  jsonSampleExpandLevel: 3,
  theme: { colors: { primary: { main: '#1d4ed8', light: '#1d4ed8' } } },
}, document.getElementById('reference'));
`;

export async function apiReferenceRoutes(app: App): Promise<void> {
  const bundle = servedOnce(readRedocBundle);
  const page = servedOnce(() => Buffer.from(PAGE, 'utf8'));
  const init = servedOnce(() => Buffer.from(INIT, 'utf8'));
  app.get(API_REFERENCE_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.raw.removeHeader('content-security-policy');
    reply.header('content-security-policy', PAGE_CSP);
    return sendServed(request, reply, await page(), 'text/html; charset=utf-8', 'no-cache');
  });
  // Revalidated by ETag every time: the file changes when Redoc is upgraded, its name does not.
  app.get(SCRIPT_PATH, { schema: { hide: true } }, async (request, reply) =>
    sendServed(request, reply, await bundle(), 'text/javascript; charset=utf-8', 'public, max-age=0, must-revalidate'),
  );
  app.get(INIT_PATH, { schema: { hide: true } }, async (request, reply) =>
    sendServed(request, reply, await init(), 'text/javascript; charset=utf-8', 'public, max-age=0, must-revalidate'),
  );
}
