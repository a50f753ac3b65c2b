// Bundles the server into dist/: main.js (the process), cli.js (the operator's tool) and
// sandbox-idin.js and sandbox-staff.js (the sandbox bank and staff provider on their own, for rehearsals). The @tessera/contracts workspace
// is TypeScript source, so it is bundled; packages from node_modules stay external and are
// resolved at run time. The outputs sit directly in dist/ so src/resources.ts finds the copied demo files at the same relative place as in src/.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@tessera/contracts');

const entryPoints = { main: path.join(here, 'src/main.ts') };
if (existsSync(path.join(here, 'src/operator/cli/main.ts'))) entryPoints.cli = path.join(here, 'src/operator/cli/main.ts');
// The sandbox bank on its own origin, a broker's stand-in for rehearsals (npm run test:production).
entryPoints['sandbox-idin'] = path.join(here, 'src/sandbox-idin/standalone.ts');
// The sandbox staff identity provider on its own origin, for the back office in production shape.
entryPoints['sandbox-staff'] = path.join(here, 'src/sandbox-staff/standalone.ts');

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Subpath imports (altcha-lib/algorithms/sha) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Some CommonJS code inside bundled modules may call require(); ESM has none by default.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'info',
});

cpSync(path.join(here, 'src/demo/brands'), path.join(dist, 'demo/brands'), { recursive: true });
// The ISO 20022 schemas the payout export validates its SEPA files against (src/payout-batches/xsd-validator.ts).
cpSync(path.join(here, 'src/payout-batches/xsd'), path.join(dist, 'payout-batches/xsd'), { recursive: true });
// The brand API reference's renderer (src/app/api-reference-routes.ts): a devDependency, so the
// image's production install has no copy of it; the one file the page loads, with its licences.
const redoc = path.dirname(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
mkdirSync(path.join(dist, 'api-reference'), { recursive: true });
for (const file of ['redoc.standalone.js', 'redoc.standalone.js.LICENSE.txt']) cpSync(path.join(redoc, file), path.join(dist, 'api-reference', file));
cpSync(path.join(redoc, '..', 'LICENSE'), path.join(dist, 'api-reference', 'LICENSE'));
console.log('server built into', path.relative(process.cwd(), dist) || dist);
