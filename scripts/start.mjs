// npm start: build what is stale, then run the one process that serves the portal, the API, the
// PIN frame origin, the sandbox identity provider and the local outbox.
import { buildIfStale, runForwardingSignals } from './lib/build.mjs';

buildIfStale();
await runForwardingSignals(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js']);
