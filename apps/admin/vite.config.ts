import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { defineConfig } from 'vitest/config';
import { cspStyleHashes } from './cspStyleHashes.ts';
import { firstScreenPreload } from './firstScreenPreload.ts';
import { precompress } from '../../tools/build/precompress.ts';
import { appBuild, appTestProject, devServer } from '../../tools/build/vite-app.ts';

const adminRoot = fileURLToPath(new URL('.', import.meta.url));

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
  // One entry chunk, so zod's configuration (lib/zodWithoutEval.ts) runs before any schema is built.
  build: appBuild(adminRoot),
  server: devServer(5174, ['/admin/api', '/admin/auth', '/sandbox']),
  test: appTestProject('admin', adminRoot),
});
