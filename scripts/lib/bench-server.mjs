// The built server and CLI as child processes of a benchmark.
import { spawn } from 'node:child_process';
import { ROOT } from './build.mjs';

/** Starts apps/server/dist/main.js with `env` on top of this process's, and waits until `readyUrl` answers 200. */
export async function startServer(env, readyUrl, { timeoutMs = 120_000 } = {}) {
  // A server left running on the port (an earlier run stopped half-way) would answer the
  // readiness check, and the figures would be that process's.
  const occupied = await fetch(readyUrl).then(() => true, () => false);
  if (occupied) throw new Error(`something already answers ${readyUrl}: stop it or choose another port`);
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopServer(child);
  throw new Error(`the server did not answer ${readyUrl} within ${timeoutMs / 1000} s`);
}

/** SIGTERM and wait for the exit. */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Runs the built CLI (`tessera ARGS`); answers its stdout, or throws with its output. */
export function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/dist/cli.js', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`tessera ${args[0]} ${args[1] ?? ''} exited ${code}: ${(err || out).slice(0, 2000)}`))));
  });
}
