import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { precompress } from './precompress.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const API = 'http://localhost:8081';

/**
 * The JavaScript the first BALANCE screen loads (gzip). At or over the requirement (under 110 KB)
 * the build FAILS, so a regression (a flow or a heavy library slipping into the entry) cannot pass
 * unnoticed. React and react-dom alone are about 69 KB of it, i18next 16 KB, TanStack Query
 * 10.5 KB (docs/decisions/003-first-screen-size.md).
 */
const FIRST_SCREEN_CEILING_BYTES = 110 * 1024;

/**
 * The budget under that ceiling, so the first screen cannot grow unnoticed: its size as last
 * measured when it was set, 111 159 bytes with server rendering's hydration (docs/decisions/022:
 * +896 bytes for reading the page's state, loading the flow before hydrating, choosing between
 * hydrating and rendering anew, the language cookie, the header image), plus a margin of
 * 128 bytes for noise and small fixes (a new lazy flow with its paths costs more). Over it the
 * build FAILS: trim what grew (the size report lists the files), or raise the figure deliberately
 * and record why in docs/decisions/003-first-screen-size.md. +16 bytes (issue 14, history and
 * block): the content-hash file names in the preload tables, not code (003 "Later: hash names").
 * 111 571 since 2026-11-26 (+500 bytes): the components every first screen renders left the
 * BALANCE flow's chunk for one of their own, so that no other flow loads BALANCE's screens; the
 * first BALANCE screen loads that chunk beside its own, compressed apart (003). 111 781 (+210):
 * lib/firstInteraction.ts, which keeps the captcha widget and the next screen (about 50 KB) off
 * the page load until the cardholder starts (022).
 */
const FIRST_SCREEN_BUDGET_BYTES = 111_781 + 128;

/**
 * Prints, and writes to size-report.json in the build's output directory, the gzip size of the
 * JavaScript the first BALANCE screen needs: the entry chunk plus every chunk it imports statically,
 * plus the balance flow's lazy chunk and its static imports. It runs after Vite has written each
 * chunk's preload table (`__vite__mapDeps`) into its code, so it counts the bytes served. Fails the
 * build over the budget or at the ceiling.
 */
function firstScreenSizeReport(): Plugin {
  return {
    name: 'tessera-first-screen-size',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(options, bundle) {
        const chunks = new Map<string, { code: string; imports: string[]; dynamicImports: string[]; isEntry: boolean; facadeModuleId: string | null; moduleIds: string[] }>();
        for (const [fileName, item] of Object.entries(bundle)) {
          if (item.type === 'chunk') chunks.set(fileName, item);
        }
        const included = new Set<string>();
        const addWithStaticImports = (fileName: string) => {
          if (included.has(fileName)) return;
          const chunk = chunks.get(fileName);
          if (!chunk) return;
          included.add(fileName);
          chunk.imports.forEach(addWithStaticImports);
        };
        // No flow loads another flow's code (issue 10): every chunk a flow's chunk loads statically
        // holds modules of that flow or of none.
        const flowOf = (id: string) => /[\\/]src[\\/]flows[\\/]([^\\/]+)[\\/]/.exec(id)?.[1];
        for (const [fileName, chunk] of chunks) {
          const flow = chunk.facadeModuleId && /[\\/]src[\\/]flows[\\/][^\\/]+[\\/]index\.tsx$/.test(chunk.facadeModuleId) ? flowOf(chunk.facadeModuleId) : undefined;
          if (!flow) continue;
          const seen = new Set<string>();
          const visit = (name: string) => {
            if (seen.has(name)) return;
            seen.add(name);
            const loaded = chunks.get(name);
            if (!loaded || loaded.isEntry) return;
            const foreign = loaded.moduleIds.map(flowOf).find((other) => other && other !== flow);
            if (foreign) this.error(`the ${flow} flow (${fileName}) loads ${name}, which holds code of the ${foreign} flow: no flow loads another flow's code`);
            loaded.imports.forEach(visit);
          };
          visit(fileName);
        }

        const entries = [...chunks.entries()].filter(([, c]) => c.isEntry);
        entries.forEach(([name]) => addWithStaticImports(name));
        const isBalanceFlow = (id: string | null) => (id ?? '').replace(/\\/g, '/').endsWith('/src/flows/balance/index.tsx');
        const balance = [...chunks.entries()].find(([, c]) => isBalanceFlow(c.facadeModuleId) || c.moduleIds.some(isBalanceFlow));
        if (!balance) this.error('size report: the balance flow chunk was not found (is it lazy-loaded?)');
        else addWithStaticImports(balance[0]);

        const files = [...included].map((fileName) => {
          const code = chunks.get(fileName)!.code;
          return { file: fileName, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
        });
        const totalGzip = files.reduce((sum, f) => sum + f.gzipBytes, 0);
        const report = {
          screen: '/:slug/balance',
          limitGzipBytes: FIRST_SCREEN_CEILING_BYTES,
          withinLimit: totalGzip < FIRST_SCREEN_CEILING_BYTES,
          budgetGzipBytes: FIRST_SCREEN_BUDGET_BYTES,
          withinBudget: totalGzip <= FIRST_SCREEN_BUDGET_BYTES,
          totalGzipBytes: totalGzip,
          totalGzipKB: Number((totalGzip / 1024).toFixed(1)),
          files,
        };
        // The directory this build writes to (`--outDir` too), not a fixed dist/.
        const outDir = options.dir ?? path.join(webRoot, 'dist');
        mkdirSync(outDir, { recursive: true });
        writeFileSync(path.join(outDir, 'size-report.json'), JSON.stringify(report, null, 2) + '\n');
        const lines = files.map((f) => `  ${f.file.padEnd(48)} ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB gzip`);
        console.log(
          `\nFirst BALANCE screen JavaScript: ${report.totalGzipKB} KB gzip, ${totalGzip} bytes ` +
            `(budget: ${FIRST_SCREEN_BUDGET_BYTES} bytes; limit: under ${FIRST_SCREEN_CEILING_BYTES / 1024} KB)\n${lines.join('\n')}\n`,
        );
        if (totalGzip >= FIRST_SCREEN_CEILING_BYTES) {
          this.error(`first BALANCE screen is ${report.totalGzipKB} KB gzip, over the ${FIRST_SCREEN_CEILING_BYTES / 1024} KB ceiling`);
        }
        if (totalGzip > FIRST_SCREEN_BUDGET_BYTES) {
          this.error(
            `first BALANCE screen is ${totalGzip} bytes gzip, ${totalGzip - FIRST_SCREEN_BUDGET_BYTES} over its budget of ` +
              `${FIRST_SCREEN_BUDGET_BYTES} (FIRST_SCREEN_BUDGET_BYTES in apps/web/vite.config.ts, docs/decisions/003-first-screen-size.md)`,
          );
        }
      },
    },
  };
}

/**
 * The components every flow's first screen renders (the card form, its fields, the captcha, the
 * error summary and pages) outside the entry. They are one chunk of their own that every flow
 * loads beside its own chunk: left alone, Rolldown would split them into several common chunks
 * that compress worse and cost requests; grouped with the BALANCE flow (as before 2026-11-26),
 * every other flow loaded BALANCE's screens too. A component added to a first screen belongs in
 * this list; the size report shows it when one splits off.
 */
const FIRST_SCREEN_COMPONENTS = new RegExp(
  [
    String.raw`[\\/]src[\\/]components[\\/](Button|CardLookupForm|ErrorSummary|Captcha[\\/]Captcha|Captcha[\\/]captchaKeyQuery|ErrorPage|Field|FlowScreens|GiftCardNumberField|InfoBlock|Label|Notice|OverviewTitle|PinCodeField|Tooltip)[\\/]`,
    String.raw`[\\/]src[\\/]lib[\\/](flowState|groupedInput|preloadable|theme[\\/])`,
    // The contracts' modules several flows share: the BALANCE and RESET routes (links to them),
    // the theme's types (what the entry uses is in the entry).
    String.raw`[\\/]packages[\\/]contracts[\\/]src[\\/](routes[\\/](balance|reset)|api[\\/]theme)\.ts$`,
  ].join('|'),
);

/**
 * The server-rendering build (`vite build --ssr`, docs/decisions/022): entry-server.tsx and all it
 * imports, dependencies included, as one module the server imports (dist-ssr/entry-server.js). Same
 * resolution and CSS module names as the browser build, so both render the same markup.
 */
const serverRenderBuild = {
  outDir: path.join(webRoot, 'dist-ssr'),
  emptyOutDir: true,
  sourcemap: true,
  rolldownOptions: { input: path.join(webRoot, 'src/entry-server.tsx'), treeshake: { manualPureFunctions: ['z'] }, output: { codeSplitting: false } },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild ? [react()] : [react(), firstScreenSizeReport(), precompress()],
  // Dependencies are bundled: the server runs the module without the web app's node_modules.
  ssr: { noExternal: true },
  resolve: {
    // wouter imports the pre-React-18 shim (`.../shim`, `.../shim/index.js`);
    // React 19 has the hook built in.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.join(webRoot, 'src/lib/useSyncExternalStoreShim.ts'),
      },
    ],
  },
  build: isSsrBuild ? serverRenderBuild : {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and stylesheets each flow needs, so a server-rendered
    // page links them in its head (docs/decisions/022).
    manifest: true,
    sourcemap: true,
    // No modulepreload polyfill (234 B on the first screen): every browser we build for but Safari
    // before 17 and Firefox before 115 preloads natively, and there the lazy chunks still load,
    // only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contracts' zod schemas are declared at module top level; the web app reads only their
      // types and plain helpers, so building a schema is declared free of side effects and unused
      // schemas (and zod with them) drop out of the bundle.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // Everything the entry loads statically goes into one chunk: split into several (Rolldown
          // splits modules a lazy page shares with the entry), it compresses worse and costs requests.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The components of every flow's first screen, one chunk every flow loads; each flow's
            // own screens stay in its own chunk, so no flow loads another's code (issue 10).
            { name: 'common', test: FIRST_SCREEN_COMPONENTS },
            // Alert left the first screen (the lookup's errors show in the ErrorSummary). On their own
            // it and SubmitHint would be chunks of their own, whose file names the entry's preload
            // table carries (about 20 B each on the first screen). The later screens that show them
            // show the card summary too, so the three share one chunk.
            { name: 'shared', test: /[\\/]src[\\/]components[\\/](Alert|CardSummary|SubmitHint)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API,
      '/dev': API,
      // The sandbox iDIN provider lives at PUBLIC_URL/sandbox/idin (docs/decisions/014).
      '/sandbox': API,
      '/healthz': API,
      '/readyz': API,
    },
  },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
