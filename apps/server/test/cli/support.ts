import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { run } from '../../src/operator/cli/run.js';
import { createTestApp, sharedHandle, type TestApp, type TestAppOptions } from '../helpers/test-app.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliTest {
  t: TestApp;
  /** The environment the server of `t` runs with: the CLI must work on the same database and keys. */
  env: Record<string, string>;
  cli: (...argv: string[]) => Promise<CliResult>;
  /** The CLI with another environment (another keys file, say). */
  cliWith: (env: Record<string, string>, ...argv: string[]) => Promise<CliResult>;
  /** Writes a file in the test's directory and answers its path. */
  file: (name: string, content: string | Buffer) => string;
  close: () => Promise<void>;
}

/** The environment that points a CLI run at the test app's database and keys. */
export function cliEnvFor(t: TestApp): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA_PROVIDER: 'test',
    KEYS_FILE: path.join(t.dir, 'keys.json'),
    ...(t.database.dialect === 'sqlite'
      ? { DATABASE_URL: `file:${t.database.file}` }
      : { DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema }),
  };
}

/** Runs the CLI in-process, capturing what it writes. */
export async function runCli(argv: string[], env: Record<string, string | undefined>, cwd: string): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env, cwd });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/**
 * The server's own test app (its database: a temp SQLite file, or a PostgreSQL schema when
 * TEST_DATABASE_URL is set) plus a CLI runner on the same database, so a test can import with the
 * CLI and then check the result through the API.
 */
export async function createCliTest(options: TestAppOptions = {}): Promise<CliTest> {
  const t = await createTestApp({ ...options, env: { RATE_LIMIT_PER_MINUTE: '1000', ...options.env } });
  const env = cliEnvFor(t);
  const files = path.join(t.dir, 'files');
  mkdirSync(files, { recursive: true });
  return {
    t,
    env,
    cli: (...argv) => runCli(argv, env, files),
    cliWith: (other, ...argv) => runCli(argv, other, files),
    file: (name, content) => {
      const full = path.join(files, name);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, content);
      return full;
    },
    close: () => t.close(),
  };
}

/** The CLI test a whole file shares: built before its first test, closed after its last. */
export function useCliTest(options: TestAppOptions = {}): CliTest {
  let current: CliTest | undefined;
  beforeAll(async () => {
    current = await createCliTest(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return sharedHandle(() => current, 'useCliTest');
}

/**
 * Runs each command line expecting the CLI to refuse it: exit 1, and its error as given (a string
 * to match exactly, or a matcher such as expect.stringContaining). Answers the results in order.
 */
export async function expectRefusals(c: CliTest, cases: Array<[argv: string[], stderr: unknown]>): Promise<CliResult[]> {
  const results: CliResult[] = [];
  for (const [argv, stderr] of cases) {
    const res = await c.cli(...argv);
    expect(res.code, argv.join(' ')).toBe(1);
    expect(res.stderr, argv.join(' ')).toEqual(stderr);
    results.push(res);
  }
  return results;
}

export const CAPTCHA = 'test-pass';

/** A gift card lookup through the API, as the portal makes it. */
export async function lookupGiftCard(t: TestApp, brand: string, number: string, securityCode: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/GiftCard/',
    headers: { 'x-flow-type': 'BALANCE' },
    payload: { code: brand, giftCardNumber: number, pinCode: securityCode, 'g-recaptcha-response': CAPTCHA },
  });
}

/**
 * The columns of the schema whose name matches `name`, as table.column. On PostgreSQL this test's
 * own schema only: other test files create and drop theirs meanwhile.
 */
export async function schemaColumns(t: TestApp, name: RegExp): Promise<string[]> {
  const all =
    t.database.dialect === 'postgres'
      ? (
          await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()`.execute(t.db)
        ).rows.map((r) => ({ table: r.t, column: r.c }))
      : (await t.db.introspection.getTables()).flatMap((table) => table.columns.map((col) => ({ table: table.name, column: col.name })));
  return all.filter(({ column }) => name.test(column)).map(({ table, column }) => `${table}.${column}`);
}
