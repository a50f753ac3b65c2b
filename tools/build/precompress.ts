import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text. Images (PNG, WebP) and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Shared by the portal's and the back office's builds (apps/web, apps/admin), which may not import
 * each other. Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file under `dir`, where the compressed copy is smaller. The server sends the copy the client
 * accepts (@fastify/static `preCompressed`, docs/decisions/018): compressing once at the highest
 * level beats compressing on every request at the low level a server can afford. Returns the
 * files it compressed, relative to `dir`.
 */
export function precompressDirectory(dir: string): string[] {
  const done: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
    if (br.length < content.length || gz.length < content.length) done.push(path.relative(dir, file));
  }
  return done;
}

/** Vite plugin: precompresses the build's output once everything is written. */
export function precompress(): Plugin {
  return {
    name: 'tessera-precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(options) {
        if (options.dir) precompressDirectory(options.dir);
      },
    },
  };
}
