import { fileURLToPath } from 'node:url';

/**
 * The directory holding the server's code: apps/server/src when run from source (tsx, vitest),
 * apps/server/dist when run from the esbuild bundle, which puts every module into dist/main.js.
 * Files the server reads at run time (demo brands) sit at the same relative place under both,
 * because build.mjs copies them there.
 */
export const appRoot = fileURLToPath(new URL('.', import.meta.url));
