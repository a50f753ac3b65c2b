import { processIo, run } from './run.js';

// Process entry of `tessera` (built to dist/cli.js). The exit code is set, not forced, so
// pending output reaches a pipe before the process ends.
run(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`tessera: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
