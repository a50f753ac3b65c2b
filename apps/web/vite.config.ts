import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { precompress } from '../../tools/build/precompress.ts';
import { appBuild, appTestProject, devServer } from '../../tools/build/vite-app.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Every flow's first screen loads at most 90 KB of JavaScript, brotli-compressed as served (the
 * first screen's target). Over it the build FAILS, so a regression (a flow or a heavy library slipping into
 * the entry, a later screen into a first one) cannot pass unnoticed. React and react-dom alone are
 * about 59 KB of it, TanStack Query 10 KB (docs/decisions/003-first-screen-size.md, 028).
 */
const FIRST_SCREEN_CEILING_BYTES = 90 * 1024;

/**
 * The budget under that ceiling, so no first screen can grow unnoticed: the largest one as last
 * measured, plus a margin of 128 bytes for noise and small fixes. Over it the build FAILS: trim
 * what grew (the size report lists the files), or raise the figure deliberately and record why in
 * docs/decisions/003-first-screen-size.md. Set 2026-11-26 at 88 339 bytes brotli (the RESET
 * screen) when i18next gave way to the translator of decision 028 and each flow's later screens
 * left its first chunk; until then the budget counted the BALANCE screen in gzip (111 781 bytes).
 * Raised 2026-11-28 to 88 463 bytes (+124, decision 003): the fields' shared wiring (+66) and the
 * chunk names the PAYOUT breakdown's CSS fix changed in the entry's preload table (+58). Raised
 * the same day to 88 864 bytes (+401, decision 003): 35 that main had grown within the margin, the
 * web app's duplicates clean-up (+174 of shared screen code on RESET's first screen) and the chunk
 * names it changed in the entry's preload table (+192).
 */
const FIRST_SCREEN_BUDGET_BYTES = 88_864 + 128;

/** Brotli at the quality precompress.ts serves (11). */
const brotliSize = (code: string) => brotliCompressSync(code, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Prints, and writes to size-report.json in the build's output directory, the JavaScript each
 * flow's first screen needs, brotli as served: the entry chunk plus every chunk it imports
 * statically, plus the flow's lazy chunk and its static imports (the screens a flow loads later,
 * the captcha widget and the scanner are not part of it). It runs after Vite has written each
 * chunk's preload table (`__vite__mapDeps`) into its code, so it counts the bytes served. Fails the
 * build when a flow loads another flow's code, over the budget or over the ceiling.
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
        const withStaticImports = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          const chunk = chunks.get(fileName);
          if (!chunk) return;
          into.add(fileName);
          chunk.imports.forEach((name) => withStaticImports(name, into));
        };
        // No flow loads another flow's code (docs/decisions/003): every chunk a flow's chunk loads statically
        // holds modules of that flow or of none.
        const flowOf = (id: string) => /[\\/]src[\\/]flows[\\/]([^\\/]+)[\\/]/.exec(id)?.[1];
        const flowChunks: Array<[flow: string, fileName: string]> = [];
        for (const [fileName, chunk] of chunks) {
          const flow = chunk.facadeModuleId && /[\\/]src[\\/]flows[\\/][^\\/]+[\\/]index\.tsx$/.test(chunk.facadeModuleId) ? flowOf(chunk.facadeModuleId) : undefined;
          if (!flow) continue;
          flowChunks.push([flow, fileName]);
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
        if (!flowChunks.some(([flow]) => flow === 'balance')) this.error('size report: the balance flow chunk was not found (is it lazy-loaded?)');

        const sizes = new Map<string, number>();
        const sizeOf = (fileName: string) => {
          if (!sizes.has(fileName)) sizes.set(fileName, brotliSize(chunks.get(fileName)!.code));
          return sizes.get(fileName)!;
        };
        const entry = new Set<string>();
        for (const [name, chunk] of chunks) if (chunk.isEntry) withStaticImports(name, entry);
        const screens = flowChunks
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([flow, fileName]) => {
            const included = new Set(entry);
            withStaticImports(fileName, included);
            const files = [...included].map((file) => ({ file, brotliBytes: sizeOf(file) }));
            return { flow, brotliBytes: files.reduce((sum, f) => sum + f.brotliBytes, 0), files };
          });
        const largest = Math.max(...screens.map((screen) => screen.brotliBytes));
        const report = {
          ceilingBrotliBytes: FIRST_SCREEN_CEILING_BYTES,
          budgetBrotliBytes: FIRST_SCREEN_BUDGET_BYTES,
          largestBrotliBytes: largest,
          screens,
        };
        // The directory this build writes to (`--outDir` too), not a fixed dist/.
        const outDir = options.dir ?? path.join(webRoot, 'dist');
        mkdirSync(outDir, { recursive: true });
        writeFileSync(path.join(outDir, 'size-report.json'), JSON.stringify(report, null, 2) + '\n');
        const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(5);
        const lines = screens.map(
          (screen) => `  ${screen.flow.padEnd(10)} ${kb(screen.brotliBytes)} KB  ${screen.files.map((f) => `${f.file.replace(/^assets\//, '')} ${(f.brotliBytes / 1024).toFixed(1)}`).join(', ')}`,
        );
        console.log(
          `\nFirst screens' JavaScript, brotli (ceiling ${FIRST_SCREEN_CEILING_BYTES / 1024} KB; budget ${FIRST_SCREEN_BUDGET_BYTES} bytes for the largest, now ${largest}):\n${lines.join('\n')}\n`,
        );
        for (const screen of screens) {
          if (screen.brotliBytes > FIRST_SCREEN_CEILING_BYTES) {
            this.error(`the first ${screen.flow} screen loads ${kb(screen.brotliBytes).trim()} KB of JavaScript (brotli), over the ${FIRST_SCREEN_CEILING_BYTES / 1024} KB ceiling`);
          }
        }
        if (largest > FIRST_SCREEN_BUDGET_BYTES) {
          this.error(
            `the largest first screen is ${largest} bytes brotli, ${largest - FIRST_SCREEN_BUDGET_BYTES} over its budget of ` +
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
  build: isSsrBuild
    ? serverRenderBuild
    : {
        ...appBuild(webRoot, [
          // The components of every flow's first screen, one chunk every flow loads; each flow's
          // own screens stay in its own chunk, so no flow loads another's code.
          { name: 'common', test: FIRST_SCREEN_COMPONENTS },
          // Alert left the first screen (the lookup's errors show in the ErrorSummary). On their own
          // it and SubmitHint would be chunks of their own, whose file names the entry's preload
          // table carries (about 20 B each on the first screen). The later screens that show them
          // show the card summary too, so the three share one chunk.
          { name: 'shared', test: /[\\/]src[\\/]components[\\/](Alert|CardSummary|SubmitHint)[\\/]/ },
        ]),
        // dist/.vite/manifest.json: which chunks and stylesheets each flow needs, so a server-rendered
        // page links them in its head (docs/decisions/022).
        manifest: true,
      },
  // The sandbox iDIN provider lives at PUBLIC_URL/sandbox/idin (docs/decisions/014).
  server: devServer(5173, ['/api', '/dev', '/sandbox', '/healthz', '/readyz']),
  test: { ...appTestProject('web', webRoot), css: { modules: { classNameStrategy: 'non-scoped' } } },
}));
