import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app/build-app.js';
import { type Config, parseConfig } from '../../src/config/index.js';
import { createCrypto } from '../../src/crypto/index.js';
import { loadKeyring } from '../../src/crypto/keyring.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedDemoData } from '../../src/demo/seed.js';
import type { ServiceDeps } from '../../src/deps.js';
import { createLogger } from '../../src/logger.js';

import { createTestSchema, dropTestSchema, testPostgresUrl } from './test-schema.js';

export { createTestSchema, dropTestSchema, testPostgresUrl };

export const INDEX_HTML = '<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div></body></html>';
/** The stand-in build's hashed script, large enough that its compressed copies are smaller. */
export const ASSET_JS = 'console.log("app");\n'.repeat(64);
/** A file of the build outside assets/ (not hashed, revalidated), without compressed copies. */
export const FAVICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';

export interface TestApp {
  app: FastifyInstance;
  deps: ServiceDeps;
  config: Config;
  db: Db;
  dir: string;
  /** The back office API routes the app declared (back-office/admin-route.ts). */
  adminRoutes: BuiltApp['adminRoutes'];
  /** Where the database lives: the SQLite file, or the PostgreSQL schema. */
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema: string };
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  logger?: Logger;
  /** Where a trace-level logger writes everything (a file's log sink); ignored when `logger` is given. */
  logTo?: Writable;
  now?: () => Date;
  seed?: boolean;
  /** Serve the real web build (apps/web/dist and the server-rendering dist-ssr) instead of the stand-in. */
  webBuild?: string;
  /** Serve a stand-in back office build at /admin/ (writeAdminBuild); without it the back office has no pages. */
  adminBuild?: boolean;
}

export const ADMIN_INDEX_HTML = '<!doctype html><html><head><title>Tessera back office</title></head><body><div id="root"></div></body></html>';
export const ADMIN_ASSET = 'assets/index-Ab12Cd34.js';
export const ADMIN_STYLE_HASH = "'sha256-38RhTestHashOfAStyleText0000000000000000000='";

/** A stand-in of apps/admin/dist: index.html, one hashed script, both with compressed copies, and csp.json. */
function writeAdminBuild(adminDist: string): void {
  mkdirSync(path.join(adminDist, 'assets'), { recursive: true });
  writeFileSync(path.join(adminDist, 'index.html'), ADMIN_INDEX_HTML);
  writeFileSync(path.join(adminDist, ADMIN_ASSET), ASSET_JS);
  writeFileSync(path.join(adminDist, 'csp.json'), JSON.stringify({ 'style-src': ["'self'", ADMIN_STYLE_HASH] }));
  writeCompressedCopies([path.join(adminDist, 'index.html'), path.join(adminDist, ADMIN_ASSET)]);
}

/** The build's precompressed copies (tools/build/precompress.ts), which the server sends by Accept-Encoding. */
function writeCompressedCopies(files: string[]): void {
  for (const file of files) {
    writeFileSync(`${file}.br`, brotliCompressSync(readFileSync(file)));
    writeFileSync(`${file}.gz`, gzipSync(readFileSync(file)));
  }
}

/**
 * Builds the real app on a database of its own (a temp SQLite file, or a fresh PostgreSQL schema
 * dropped on close), migrated and loaded with the demo data, with a stand-in web build.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
  const webDist = path.join(dir, 'web');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), ASSET_JS);
  writeCompressedCopies([path.join(webDist, 'index.html'), path.join(webDist, 'assets', 'app-abc123.js')]);
  writeFileSync(path.join(webDist, 'favicon.svg'), FAVICON_SVG);
  const adminDist = path.join(dir, 'admin');
  if (options.adminBuild) writeAdminBuild(adminDist);

  const pgUrl = testPostgresUrl();
  const schema = pgUrl ? await createTestSchema(pgUrl) : '';
  const sqliteFile = path.join(dir, 'tessera.db');
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: pgUrl ?? `file:${sqliteFile}`,
    ...(pgUrl && { DATABASE_SCHEMA: schema }),
    DATABASE_POOL_MAX: '4',
    CAPTCHA_PROVIDER: 'test',
    KEYS_FILE: path.join(dir, 'keys.json'),
    WEB_DIST: options.webBuild ?? webDist,
    ADMIN_DIST: adminDist,
    LOG_LEVEL: 'silent',
    PORT: '8080',
    ...options.env,
  });
  const dropDatabase = async () => {
    if (pgUrl) await dropTestSchema(pgUrl, schema);
    rmSync(dir, { recursive: true, force: true });
  };
  const logger = options.logger ?? (options.logTo && createLogger({ logLevel: 'trace' }, options.logTo));
  const db = createDatabase(config.database);
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    await migrateToLatest(db);
    if (options.seed !== false) {
      await seedDemoData(db, createCrypto(loadKeyring(config)), options.now?.());
    }
    built = await buildApp(config, {
      db,
      ...(logger && { logger }),
      ...(options.now && { now: options.now }),
      // A status (or a status's media type) the OpenAPI document does not declare fails the test
      // that provoked it (setup.ts fails a test on console.error): every test of the suite checks
      // the document this way.
      onUndeclaredStatus: (route, status, mediaType) =>
        console.error(`${route} answered ${status}${mediaType ? ` as ${mediaType}` : ''}, which its schema does not declare`),
    });
  } catch (error) {
    // Leave no schema or temp folder behind when the app cannot be built.
    await db.destroy();
    await dropDatabase();
    throw error;
  }
  const { app, deps } = built;
  return {
    app,
    deps,
    adminRoutes: built.adminRoutes,
    config,
    db,
    dir,
    database: pgUrl ? { dialect: 'postgres', url: pgUrl, schema } : { dialect: 'sqlite', file: sqliteFile },
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
}

/**
 * The test app a whole file (or describe block) shares: built before its first test, closed after
 * its last. The answer stands for that app; reading it before `beforeAll` has run is an error.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    // A function is read only then, so options may name what earlier hooks set up.
    current = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    try {
      if (current) await expectCardBalancesKept(current.db);
    } finally {
      await current?.close();
    }
  });
  return sharedHandle(() => current, 'useTestApp');
}

/**
 * An object whose properties read those of a value made later (in a beforeAll), so a file can
 * hold it in a `const` from the start.
 */
export function sharedHandle<T extends object>(get: () => T | undefined, made: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = get();
      if (!value) throw new Error(`${made}: read before its beforeAll has run`);
      return Reflect.get(value, key);
    },
  });
}

/**
 * After every file's tests, whatever they did to cards and the ledger: each card's balance as the
 * database keeps it (cards.balance, migration 026's triggers) is the sum of its ledger entries in
 * its own asset.
 */
export async function expectCardBalancesKept(db: Db): Promise<void> {
  const wrong = await db
    .selectFrom('cards as c')
    .select((eb) => [
      'c.id',
      'c.balance',
      eb.fn.coalesce(eb.selectFrom('ledger_entries as l').select((l) => l.fn.sum<number | string>('l.amount').as('t')).whereRef('l.card_id', '=', 'c.id').whereRef('l.asset_code', '=', 'c.asset_code'), eb.lit(0)).as('ledger'),
    ])
    .execute();
  const off = wrong.filter((r) => Number(r.balance) !== Number(r.ledger));
  if (off.length > 0) throw new Error(`cards.balance differs from the ledger for ${off.length} card(s): ${JSON.stringify(off.slice(0, 5))}`);
}
