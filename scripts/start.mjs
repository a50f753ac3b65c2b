// npm start: build what is stale, then run the one process that serves the portal, the API, the
// PIN frame origin, the sandbox identity provider and the local outbox.
// `npm start -- --env-file .env` reads the settings from a file (.env.example shows them all).
import { buildIfStale, runForwardingSignals } from './lib/build.mjs';
import { takeEnvFile } from './lib/env-file.mjs';

const { nodeArgs } = takeEnvFile(process.argv.slice(2));
buildIfStale();
await runForwardingSignals(process.execPath, [...nodeArgs, '--enable-source-maps', 'apps/server/dist/main.js']);
