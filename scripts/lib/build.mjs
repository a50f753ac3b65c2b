// `npm start` and `npm run tessera` build what is not built yet: a build is stale when any source
// file it comes from is newer than its output. This keeps `npm ci && npm start` a one-liner.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const outputs = [
  {
    name: 'web app',
    workspace: 'apps/web',
    // The server-rendering build runs last (after dist/): older than a source, both are rebuilt.
    output: 'apps/web/dist-ssr/entry-server.js',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/contracts/src'],
  },
];

function isStale({ output, sources }) {
  const out = path.join(ROOT, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return sources.some((s) => {
    const p = path.join(ROOT, s);
    if (!existsSync(p)) return false;
    return (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > built;
  });
}

/** Builds each stale part; exits the process when a build fails. */
export function buildIfStale({ only } = {}) {
  for (const part of outputs) {
    if (only && !only.includes(part.workspace)) continue;
    if (!isStale(part)) continue;
    console.log(`tessera: building the ${part.name}…`);
    // Always a production build, also when the caller runs under NODE_ENV=test (a vitest file):
    // Vite would otherwise bundle React's development build.
    const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) {
      console.error(`tessera: the ${part.name} did not build`);
      process.exit(result.status ?? 1);
    }
  }
}

/** Runs a child with inherited stdio, passing SIGINT/SIGTERM on, and exits with its code. */
export async function runForwardingSignals(command, args, options = {}) {
  const { spawn } = await import('node:child_process');
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
