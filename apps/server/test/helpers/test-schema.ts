import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import pg from 'pg';

/** Where the global setup collects the schemas to drop once the whole run has ended. */
export const SCHEMA_LEDGER_ENV = 'TESSERA_TEST_SCHEMA_LEDGER';

/**
 * The PostgreSQL server the suite runs against, if any: TEST_DATABASE_URL, or DATABASE_URL when
 * it names PostgreSQL. Without either, every test file gets its own SQLite file.
 */
export function testPostgresUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** A fresh PostgreSQL schema of its own for a test (its name). */
export async function createTestSchema(pgUrl: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return schema;
}

/**
 * Gives a test's schema up. Under the suite's global setup it is only noted, and dropped when
 * every file has finished (global-setup.ts says why); elsewhere it is dropped at once.
 */
export async function dropTestSchema(pgUrl: string, schema: string): Promise<void> {
  const ledger = process.env[SCHEMA_LEDGER_ENV];
  if (ledger) {
    appendFileSync(ledger, `${schema}\n`);
    return;
  }
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
