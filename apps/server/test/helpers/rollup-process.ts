// A server process's roll-up of the ledger (reports/ledger-rollup.ts), run ROLLUP_RUNS times with
// a small step, for the test of several processes rolling up at once (report-rollup.test.ts).
// Prints the entries its runs added.
import { writeSync } from 'node:fs';
import type { Config } from '../../src/config/index.js';
import { createDatabase } from '../../src/db/database.js';
import { rollUpLedger } from '../../src/reports/ledger-rollup.js';

const db = createDatabase(JSON.parse(process.env.ROLLUP_DATABASE!) as Config['database']);
// Written synchronously, as prepare-database-process.ts says why.
const say = (text: string) => writeSync(1, text);
try {
  let entries = 0;
  for (let run = 0; run < Number(process.env.ROLLUP_RUNS ?? 20); run++) {
    entries += (await rollUpLedger({ db, now: () => new Date(), step: 7 })).entries;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  say(JSON.stringify({ ok: true, entries }));
} catch (error) {
  say(JSON.stringify({ ok: false, error: (error as Error).message }));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
