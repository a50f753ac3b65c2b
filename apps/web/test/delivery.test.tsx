import { mkdtempSync, readFileSync, existsSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../tools/build/precompress';
import { preloadable } from '../src/lib/preloadable';

describe('precompressDirectory: the build writes .br and .gz copies', () => {
  it('writes a brotli and a gzip copy of each text file that shrinks, and none of the rest', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-precompress-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      const js = 'export const a = "hello";\n'.repeat(200);
      writeFileSync(path.join(dir, 'assets', 'index-abc.js'), js);
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html>'.repeat(50));
      writeFileSync(path.join(dir, 'tiny.svg'), '<svg/>');
      writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 1));

      const done = precompressDirectory(dir);
      expect(done.sort()).toEqual([path.join('assets', 'index-abc.js'), 'index.html']);
      const file = path.join(dir, 'assets', 'index-abc.js');
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
      // A copy larger than the file is worthless; images are compressed already.
      expect(existsSync(path.join(dir, 'tiny.svg.br'))).toBe(false);
      expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
      // Copies are not compressed again on a second run.
      expect(precompressDirectory(dir).sort()).toEqual(done.sort());
      expect(existsSync(`${file}.br.br`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('preloadable: no "Loading…" once a screen has loaded', () => {
  it('renders the screen itself, without suspending, once preload() has settled', async () => {
    let loads = 0;
    const Screen = preloadable(async () => {
      loads += 1;
      return () => <p>the screen</p>;
    });
    await Screen.preload();
    await Screen.preload();
    expect(loads).toBe(1);
    // renderToString cannot wait: a screen that suspended would leave its fallback.
    expect(renderToString(<Suspense fallback={<p>Loading…</p>}><Screen /></Suspense>)).toContain('the screen');
  });

  it('suspends (the fallback shows) while the screen is not loaded', async () => {
    let loads = 0;
    const Screen = preloadable(async () => {
      loads += 1;
      return () => <p>the screen</p>;
    });
    expect(renderToString(<Suspense fallback={<p>Loading…</p>}><Screen /></Suspense>)).toContain('Loading…');
    await Screen.preload();
    expect(loads).toBe(1);
    expect(renderToString(<Suspense fallback={<p>Loading…</p>}><Screen /></Suspense>)).toContain('the screen');
  });
});
