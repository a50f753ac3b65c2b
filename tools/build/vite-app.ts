import path from 'node:path';
import type { BuildEnvironmentOptions, ServerOptions } from 'vite';

/**
 * What the portal's and the back office's Vite configurations (apps/web, apps/admin) have in
 * common; the two apps may not import each other. Plain objects, so each config spreads or
 * extends them where it differs.
 */

/** Where `npm run dev` runs the API server; both dev servers proxy their API paths to it. */
export const DEV_API = 'http://localhost:8081';

/** The dev server on a fixed port (the server's CORS and redirect settings expect it), proxying `paths` to the API. */
export function devServer(port: number, paths: readonly string[]): ServerOptions {
  return { port, strictPort: true, proxy: Object.fromEntries(paths.map((p) => [p, DEV_API])) };
}

/**
 * The browser build of an app under `root`: into root/dist, with source maps and without the
 * modulepreload polyfill (every browser built for but Safari before 17 and Firefox before 115
 * preloads natively; elsewhere lazy chunks still load, only without the head start).
 * `groups` are the chunk groups after the entry's.
 */
export function appBuild(root: string, groups: readonly { name: string; test: RegExp }[] = []): BuildEnvironmentOptions {
  return {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contracts declare their zod schemas at module top level; an app uses a few of them
      // (the web app only their types and plain helpers), so building a schema is declared free of
      // side effects and the unused ones (and zod with them, where none is left) drop out.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // Everything the entry loads statically is one chunk: split into several (Rolldown splits
          // modules a lazy page shares with the entry), it compresses worse and costs requests; and
          // the modules run in import order, so the app's zod configuration comes before any schema
          // of the contracts is built.
          groups: [{ name: 'index', tags: ['$initial' as const] }, ...groups],
        },
      },
    },
  };
}

/**
 * The app's vitest project: jsdom, test/**, test/setup.ts. The timeout is above the 5 s findBy*
 * wait of the setup files, as the server project's: on a loaded machine a test that waits once
 * for a lazy screen must not run out of time while it still can pass.
 */
export function appTestProject(name: string, root: string) {
  return {
    name,
    root,
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
  };
}
