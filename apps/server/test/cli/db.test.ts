import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase, SchemaBehindError } from '../../src/app/prepare-database.js';
import { parseConfig } from '../../src/config/index.js';
import { createDatabase } from '../../src/db/database.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { DEMO_CARDS } from '../../src/demo/cards.js';
import serverPackage from '../../package.json' with { type: 'json' };
import { productionKeys } from '../helpers/config.js';
import { createTestSchema, dropTestSchema, testPostgresUrl } from '../helpers/test-app.js';
import { runCli } from './support.js';

// Safe starts (docs/operations.md#upgrades): migrations are a command; a process that may not
// migrate refuses a schema behind; replicas starting together on an empty database all come up.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** The environment of an empty database of its own (a SQLite file, or a PostgreSQL schema). */
async function emptyDatabase(): Promise<Record<string, string>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-db-'));
  const pgUrl = testPostgresUrl();
  const schema = pgUrl ? await createTestSchema(pgUrl) : '';
  cleanups.push(async () => {
    if (pgUrl) await dropTestSchema(pgUrl, schema);
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA_PROVIDER: 'test',
    KEYS_FILE: path.join(dir, 'keys.json'),
    ...(pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: `file:${path.join(dir, 'tessera.db')}` }),
  };
}

const allMigrations = async () => Object.keys(await migrationProvider.getMigrations());

describe('tessera db status and db migrate', () => {
  it('lists what an empty database lacks, applies it once, and then has nothing to do', async () => {
    const env = await emptyDatabase();
    const names = await allMigrations();
    const before = await runCli(['db', 'status'], env, tmpdir());
    expect(before.code).toBe(1);
    expect(before.stdout.split('\n')).toEqual([...names.map((n) => `pending  ${n}`), `${names.length} pending: run "tessera db migrate".`]);

    const migrate = await runCli(['db', 'migrate'], env, tmpdir());
    expect(migrate).toMatchObject({ code: 0, stdout: `Applied ${names.length} migrations: ${names.join(', ')}.` });
    const after = await runCli(['db', 'status'], env, tmpdir());
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(new RegExp(`^applied  ${names[0]}  \\d{4}-`));
    expect(after.stdout.split('\n').at(-1)).toBe('Up to date.');
    expect(await runCli(['db', 'migrate'], env, tmpdir())).toMatchObject({ code: 0, stdout: 'The database schema is up to date; nothing to apply.' });
    expect((await runCli(['db', 'status', 'extra'], env, tmpdir())).code).toBe(2);
  });

  it('without MIGRATE_ON_START, refuses a command on a schema that lacks migrations, and works once migrated', async () => {
    const env = { ...(await emptyDatabase()), MIGRATE_ON_START: 'false' };
    const refused = await runCli(['payouts', 'list'], env, tmpdir());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^tessera payouts list: The database lacks \d+ migrations \(001_foundation, .*\): run "tessera db migrate" first/);
    expect((await runCli(['db', 'migrate'], env, tmpdir())).code).toBe(0);
    expect(await runCli(['payouts', 'list'], env, tmpdir())).toMatchObject({ code: 0, stdout: expect.stringContaining('No payouts') });
  });
});

describe('the command line as operators expect it', () => {
  it('says its version', async () => {
    const res = await runCli(['--version'], {}, tmpdir());
    expect(res).toEqual({ code: 0, stdout: `tessera ${serverPackage.version}`, stderr: '' });
  });

  it('reads only the settings it needs: production without mail, SMS, captcha or portal settings works; bad keys do not', async () => {
    const database = await emptyDatabase();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.DATABASE_URL!,
      ...(database.DATABASE_SCHEMA && { DATABASE_SCHEMA: database.DATABASE_SCHEMA }),
      ...productionKeys(),
      // Wrong for the server, none of the CLI's business:
      SMTP_PORT: 'not a port',
      CAPTCHA_PROVIDER: 'test',
      PUBLIC_URL: 'http://not-https.example',
    };
    expect(await runCli(['db', 'migrate'], env, tmpdir())).toMatchObject({ code: 0 });
    expect(await runCli(['payouts', 'list'], env, tmpdir())).toMatchObject({ code: 0, stdout: expect.stringContaining('No payouts') });
    const badKeys = await runCli(['payouts', 'list'], { ...env, INDEX_KEY: 'short' }, tmpdir());
    expect(badKeys.code).toBe(78);
    expect(badKeys.stderr).toContain('INDEX_KEY');
    expect(badKeys.stderr).not.toMatch(/SMTP_PORT|CAPTCHA_PROVIDER|PUBLIC_URL/);
  });

  it('outside demo mode creates no SQLite database but with db migrate', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-nodb-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'typo.db');
    const env = { NODE_ENV: 'test', DEMO_MODE: 'false', DATABASE_URL: `file:${file}`, KEYS_FILE: path.join(dir, 'keys.json') };
    const refused = await runCli(['payouts', 'list'], env, tmpdir());
    expect(refused).toMatchObject({ code: 1, stderr: `tessera payouts list: there is no database at ${file}: check DATABASE_URL (outside demo mode only "tessera db migrate" creates one)` });
    expect(existsSync(file)).toBe(false);
    expect((await runCli(['db', 'status'], env, tmpdir())).code).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect((await runCli(['db', 'migrate'], env, tmpdir())).code).toBe(0);
    expect(await runCli(['payouts', 'list'], env, tmpdir())).toMatchObject({ code: 0 });
  });
});

describe('a server process preparing its database', () => {
  it('refuses to start on a schema behind when it may not migrate (production), and migrates when it may', async () => {
    const env = await emptyDatabase();
    const db = createDatabase(parseConfig(env).database);
    cleanups.push(() => db.destroy());
    const logger = { info: () => undefined, warn: () => undefined };
    const behind = prepareDatabase(parseConfig({ ...env, MIGRATE_ON_START: 'false', DEMO_MODE: 'false' }), db, logger);
    await expect(behind).rejects.toBeInstanceOf(SchemaBehindError);
    await expect(behind).rejects.toThrow(/run "tessera db migrate" first/);
    await prepareDatabase(parseConfig({ ...env, DEMO_MODE: 'false' }), db, logger);
    await prepareDatabase(parseConfig({ ...env, MIGRATE_ON_START: 'false', DEMO_MODE: 'false' }), db, logger);
  });

  it('brings three demo processes started at once on one empty database all up, with the demo loaded once', async () => {
    const env = await emptyDatabase();
    const script = fileURLToPath(new URL('../helpers/prepare-database-process.ts', import.meta.url));
    const start = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('close', (code) => resolve({ code, out }));
      });
    const runs = await Promise.all([start(), start(), start()]);
    const answers = runs.map((r) => JSON.parse(r.out) as { ok: boolean; said?: string[]; error?: string });
    expect(answers.map((a) => a.error ?? 'ok')).toEqual(['ok', 'ok', 'ok']);
    expect(answers.filter((a) => a.said?.includes('demo brands and cards loaded'))).toHaveLength(1);
    // One keys file, written whole (staged, then linked into place), and nothing staged left over.
    const keysDir = path.dirname(env.KEYS_FILE!);
    expect(JSON.parse(readFileSync(env.KEYS_FILE!, 'utf8'))).toMatchObject({ version: 1, indexKey: expect.any(String) });
    expect(readdirSync(keysDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const db = createDatabase(parseConfig(env).database);
    try {
      expect((await db.selectFrom('brands').select('code').orderBy('code').execute()).map((b) => b.code)).toEqual(['ACME', 'DEMO']);
      expect(await db.selectFrom('cards').select('id').execute()).toHaveLength(DEMO_CARDS.length);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
