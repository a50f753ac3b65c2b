// npm run tessera -- <command>: the operator's command-line tool, built like the server.
import { buildIfStale, runForwardingSignals } from './lib/build.mjs';

buildIfStale({ only: ['apps/server'] });
await runForwardingSignals(process.execPath, ['--enable-source-maps', 'apps/server/dist/cli.js', ...process.argv.slice(2)]);
