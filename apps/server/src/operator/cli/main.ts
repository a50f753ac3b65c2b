import { processIo, run } from './run.js';

// Process entry of `tessera` (built to dist/cli.js). The exit code is set, not forced, so
// pending output reaches a pipe before the process ends.
// Output piped into a reader that stops early (`tessera cards show N | head`): the reader has what
// it wanted. Commands print after their work is committed, so ending here loses nothing.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

run(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`tessera: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
