import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SCHEMA_LEDGER_ENV, testPostgresUrl } from './helpers/test-schema.js';

/**
 * On PostgreSQL each test file works in a schema of its own, and those schemas are dropped here,
 * once every file has finished, not as each file ends. Kysely's migrator introspects every schema
 * of the database (pg_get_serial_sequence and has_schema_privilege by name), so a schema dropped
 * by one file while another migrates failed that migration with "schema … does not exist".
 */
export default function setup(): (() => Promise<void>) | undefined {
  const pgUrl = testPostgresUrl();
  if (!pgUrl) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-schemas-'));
  const ledger = path.join(dir, 'schemas.txt');
  // The forked test processes inherit this environment.
  process.env[SCHEMA_LEDGER_ENV] = ledger;
  return async () => {
    let names: string[] = [];
    try {
      names = readFileSync(ledger, 'utf8').split('\n').filter((n) => /^t_[0-9a-f]+$/.test(n));
    } catch {
      // No file finished with a schema of its own.
    }
    if (names.length > 0) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      for (const name of names) await client.query(`drop schema if exists ${name} cascade`);
      await client.end();
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
