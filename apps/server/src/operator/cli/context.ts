import { existsSync } from 'node:fs';
import { type Config, ConfigError, parseConfig } from '../../config/index.js';
import { type Crypto, createCrypto } from '../../crypto/index.js';
import { loadKeyring } from '../../crypto/keyring.js';
import { createDatabase, type Db } from '../../db/database.js';
import { SchemaBehindError } from '../../app/prepare-database.js';
import { migrateToLatest, migrationStatus } from '../../db/migrate.js';

/** Where a command reads and writes: the real process, or a test's capture. */
export interface CliIo {
  /** Writes one line (a newline is added) to standard output. */
  out(line: string): void;
  /** Writes one line to standard error. */
  err(line: string): void;
  /** On a terminal: shows how far a long command is, overwriting the last such line. */
  progress?(line: string): void;
  env: Record<string, string | undefined>;
  /** File arguments are relative to this directory. */
  cwd: string;
}

/** What a command that touches the database gets: the server's own configuration, keys and database. */
export interface CliContext {
  config: Config;
  db: Db;
  crypto: Crypto;
  now: () => Date;
  io: CliIo;
  /** Who runs the command (`--by`, else the login name): audit events of changes carry it. */
  operator: string;
}

/** A mistake in how the command was called (exit 2), as opposed to a refusal of what it was given (exit 1). */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const EXIT = { ok: 0, failed: 1, usage: 2, config: 78 } as const;

/** DATABASE_URL names a SQLite file that is not there (outside demo mode nothing creates it but `db migrate`). */
export class MissingDatabaseError extends Error {
  override name = 'MissingDatabaseError';
  constructor(file: string) {
    super(`there is no database at ${file}: check DATABASE_URL (outside demo mode only "tessera db migrate" creates one)`);
  }
}

/**
 * Opens what the server opens, from the same environment: configuration, keys (from the
 * environment, or the demo keys file next to the SQLite database) and the database. Then, as the
 * server does at start (app/prepare-database.ts): with MIGRATE_ON_START (the default outside
 * production) the schema is brought up to date; without it a schema that lacks migrations is
 * refused (SchemaBehindError: run `tessera db migrate`). `schema: 'as-is'` skips both, for the
 * `db` commands themselves.
 */
export async function openContext(
  io: CliIo,
  options: { schema?: 'prepared' | 'as-is'; mayCreateDatabase?: boolean; operator?: string } = {},
): Promise<CliContext> {
  const config = parseConfig(io.env, { for: 'cli' });
  // A mistyped DATABASE_URL must not answer "No payouts." from a new empty file: outside demo
  // mode only `db migrate` may create a SQLite database.
  if (config.database.dialect === 'sqlite' && !config.demoMode && !options.mayCreateDatabase && !existsSync(config.database.file)) {
    throw new MissingDatabaseError(config.database.file);
  }
  const crypto = createCrypto(loadKeyring(config));
  const db = createDatabase(config.database);
  try {
    if (options.schema !== 'as-is') {
      if (config.migrateOnStart) await migrateToLatest(db);
      else {
        const { pending } = await migrationStatus(db);
        if (pending.length > 0) throw new SchemaBehindError(pending);
      }
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { config, db, crypto, now: () => new Date(), io, operator: options.operator ?? 'unknown' };
}

export { ConfigError, SchemaBehindError };
