import Database from 'better-sqlite3';
import { databaseFile } from '../playwright.config';

/**
 * Runs `change` on the e2e server's own database, waiting for the server's writes, and closes it
 * afterwards: for a clock the browser cannot move otherwise.
 */
export function inE2eDatabase<R>(change: (db: Database.Database) => R): R {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  const db = new Database(databaseFile(dir));
  try {
    db.pragma('busy_timeout = 5000');
    return change(db);
  } finally {
    db.close();
  }
}
