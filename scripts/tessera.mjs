// npm run tessera -- <command>: the operator's command-line tool, built like the server.
// `npm run tessera -- --env-file .env COMMAND` reads the settings from a file.
import { buildIfStale, runForwardingSignals } from './lib/build.mjs';
import { takeEnvFile } from './lib/env-file.mjs';

const { nodeArgs, rest } = takeEnvFile(process.argv.slice(2));
buildIfStale({ only: ['apps/server'] });
await runForwardingSignals(process.execPath, [...nodeArgs, '--enable-source-maps', 'apps/server/dist/cli.js', ...rest]);
