import path from 'node:path';
import { z } from 'zod';
import { positiveInt, type SettingsOf } from './settings.js';

export const databaseSettings = {
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, 'expected file:PATH (SQLite) or postgres://… (PostgreSQL)')
    .default('file:./data/tessera.db'),
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case SQL identifier').optional(),
  DATABASE_POOL_MAX: positiveInt.default(10),
  KEYS_FILE: z.string().min(1).optional(),
};

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema: string | undefined; poolMax: number };

export function parseDatabase(e: SettingsOf<typeof databaseSettings>): { database: DatabaseConfig; keysFile: string } {
  const database: DatabaseConfig = e.DATABASE_URL.startsWith('file:')
    ? { dialect: 'sqlite', file: path.resolve(e.DATABASE_URL.slice('file:'.length)) }
    : { dialect: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA, poolMax: e.DATABASE_POOL_MAX };
  // Keys live next to the SQLite file so one directory holds the whole demo; PostgreSQL demos use ./data.
  const keysFile = path.resolve(
    e.KEYS_FILE ?? (database.dialect === 'sqlite' ? path.join(path.dirname(database.file), 'tessera.keys.json') : './data/tessera.keys.json'),
  );
  return { database, keysFile };
}
