import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { createCrypto } from '../crypto/index.js';
import { loadKeyring } from '../crypto/keyring.js';
import type { Db } from '../db/database.js';
import { migrateToLatest, migrationStatus } from '../db/migrate.js';
import { seedDemoData } from '../demo/seed.js';
import { resealPinsUnderDataKeys } from '../cards/reseal-pins.js';
import { fillSearchIndexes } from '../cards/fill-search-indexes.js';
import { fillPayoutIbanIndexes } from '../flows/payout/fill-iban-indexes.js';

/** The schema lacks migrations and this process may not apply them (MIGRATE_ON_START off). */
export class SchemaBehindError extends Error {
  override name = 'SchemaBehindError';
  constructor(readonly pending: string[]) {
    super(
      `The database lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}): ` +
        'run "tessera db migrate" first (or start with MIGRATE_ON_START=true).',
    );
  }
}

/**
 * What a server process does to its database before it listens (main.ts). With MIGRATE_ON_START
 * (the default outside production) it migrates, under the migrator's lock, so replicas started
 * together take turns. Without (production) it only checks: a release rolls out as "tessera db
 * migrate", then the new replicas, so no replica ever changes the schema under the old ones; a
 * replica that finds the schema behind refuses to start rather than run on it. Then PINs still
 * sealed under DATA_KEYS move to PIN_KEYS (cards/reseal-pins.ts; harmless when replicas do it at
 * once: each writes the same PIN), rows from before migration 018 get the back office's search
 * indexes (cards/fill-search-indexes.ts, likewise), and in demo mode the demo data is loaded, once, however many
 * processes start at the same moment.
 */
export async function prepareDatabase(config: Config, db: Db, logger: Pick<Logger, 'info' | 'warn'>): Promise<void> {
  if (config.migrateOnStart) {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  } else {
    const { pending } = await migrationStatus(db);
    if (pending.length > 0) throw new SchemaBehindError(pending);
  }
  const crypto = createCrypto(loadKeyring(config));
  // PINs sealed under DATA_KEYS before PIN_KEYS existed move to PIN_KEYS (none once done).
  const pins = await resealPinsUnderDataKeys(db, crypto);
  if (pins.resealed > 0) logger.info({ resealed: pins.resealed }, 'Visa PINs re-sealed under PIN_KEYS');
  if (pins.unreadable > 0) logger.warn({ unreadable: pins.unreadable }, 'Visa PINs under DATA_KEYS that no configured data key opens were left as they are');
  // Rows from before migration 018 get the back office's search indexes (none left once done).
  const filled = await fillSearchIndexes(db, crypto);
  if (filled.cards + filled.holders + filled.replacements > 0) logger.info(filled, 'search indexes of older cards filled');
  if (filled.unreadable > 0) logger.warn({ unreadable: filled.unreadable }, 'rows that no configured data key opens were left without search indexes');
  // Payouts from before migration 020 get their IBAN's blind index (none left once done).
  const ibans = await fillPayoutIbanIndexes(db, crypto);
  if (ibans.filled > 0) logger.info({ filled: ibans.filled }, 'IBAN indexes of older payouts filled');
  if (ibans.unreadable > 0) logger.warn({ unreadable: ibans.unreadable }, 'payouts that no configured data key opens were left without an IBAN index');
  if (config.demoMode && (await seedDemoData(db, crypto))) {
    logger.info('demo brands and cards loaded');
  }
}
