import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { defineConfig } from 'vitest/config';
import { cspStyleHashes } from './cspStyleHashes.ts';
import { firstScreenPreload } from './firstScreenPreload.ts';
import { precompress } from '../../tools/build/precompress.ts';

const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const API = 'http://localhost:8081';

export default defineConfig({
  root: adminRoot,
  // Served by the server at /admin/ (demo: on the portal's origin; production: ADMIN_URL's origin).
  base: '/admin/',
  // React Aria bundles its own strings ("sorted ascending", "dismiss") in some 35 languages; the
  // back office speaks two. Keeping only those halves what React Aria costs (docs/decisions/031).
  plugins: [react(), optimizeLocales.vite({ locales: ['en', 'nl'] }), cspStyleHashes(), firstScreenPreload(), precompress()],
  resolve: {
    // wouter and react-aria-components import the pre-React-18 shim; React 19 has the hook built in.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }],
  },
  build: {
    outDir: path.join(adminRoot, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    // The polyfill would be an inline-free but extra module on the first load; staff use current browsers.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contracts declare their zod schemas at module top level; only the ones the app uses stay.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // Everything the entry loads statically is one chunk: fewer requests, better compression,
          // and the modules run in import order, so zod's configuration (lib/zodWithoutEval.ts)
          // comes before any schema of the contracts is built.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/admin/api': API, '/admin/auth': API, '/sandbox': API },
  },
  test: {
    name: 'admin',
    root: adminRoot,
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
  },
});
