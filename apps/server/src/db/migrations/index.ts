import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './001_foundation.js';

/**
 * Migrations are listed in code rather than read from a folder, so the esbuild bundle carries
 * them and no file system layout has to survive the build. Names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
