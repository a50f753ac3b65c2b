// One server process's start on its database, as main.ts does it, for the test of replicas that
// start together (cli/db.test.ts): reads the environment, prepares the database, prints what it did.
import { prepareDatabase } from '../../src/app/prepare-database.js';
import { parseConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';

const config = parseConfig(process.env);
const db = createDatabase(config.database);
const said: string[] = [];
try {
  const say = (...args: unknown[]) => said.push(String(args.at(-1)));
  await prepareDatabase(config, db, { info: say, warn: say });
  process.stdout.write(JSON.stringify({ ok: true, said }));
} catch (error) {
  process.stdout.write(JSON.stringify({ ok: false, error: (error as Error).message }));
  process.stderr.write(String((error as Error).stack));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
