// One server process's start on its database, as main.ts does it, for the test of replicas that
// start together (cli/db.test.ts): reads the environment, prepares the database, prints what it did.
import { writeSync } from 'node:fs';
import { prepareDatabase } from '../../src/app/prepare-database.js';
import { parseConfig } from '../../src/config/index.js';
import { createDatabase } from '../../src/db/database.js';

const config = parseConfig(process.env);
const db = createDatabase(config.database);
const said: string[] = [];
// Written synchronously: under Node 24 the tsx loader's thread may bring the process down at exit
// (a native assertion in RemoveEnvironmentCleanupHook) before an asynchronous pipe write is out.
// The server's own build (dist/main.js) exits cleanly on Node 24; this is the test's loader only.
const say = (text: string) => writeSync(1, text);
try {
  const note = (...args: unknown[]) => said.push(String(args.at(-1)));
  await prepareDatabase(config, db, { info: note, warn: note });
  say(JSON.stringify({ ok: true, said }));
} catch (error) {
  say(JSON.stringify({ ok: false, error: (error as Error).message }));
  process.stderr.write(String((error as Error).stack));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
