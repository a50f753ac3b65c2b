import { spawn } from 'node:child_process';
import { IMPORT_HEAP_ENV, importHeapArguments } from './import-heap.js';
import { processIo, run } from './run.js';

// Process entry of `tessera` (built to dist/cli.js). The exit code is set, not forced, so
// pending output reaches a pipe before the process ends.
// Output piped into a reader that stops early (`tessera cards show N | head`): the reader has what
// it wanted. Commands print after their work is committed, so ending here loses nothing.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const args = process.argv.slice(2);
const heapArguments = importHeapArguments(args, process.execArgv, process.env);
if (heapArguments) runWithImportHeap(heapArguments);
else {
  run(args, processIo()).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`tessera: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

/**
 * `cards import` in a child process with the import's heap limits (import-heap.ts): the same
 * terminal (so the progress line still shows), the same environment, its exit code passed on. A
 * Ctrl-C reaches both processes from the terminal; a signal sent to this one alone is passed on,
 * and this one waits for the child, whose import rolls back, to end.
 */
function runWithImportHeap(nodeArguments: string[]): void {
  const child = spawn(process.execPath, [...nodeArguments, process.argv[1]!, ...args], {
    stdio: 'inherit',
    env: { ...process.env, [IMPORT_HEAP_ENV]: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`tessera: could not start the import: ${error.message}\n`);
    process.exitCode = 1;
  });
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}
