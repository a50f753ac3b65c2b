import path from 'node:path';
import { loadBrandFile } from '../operator/brand-file.js';
import { storeBrand } from '../operator/store-brand.js';
import { issueCard } from '../cards/issue-card.js';
import type { Crypto } from '../crypto/index.js';
import { sql } from 'kysely';
import { type Db, isPostgres } from '../db/database.js';
import { countBrands, findBrandByCode } from '../db/repositories/brands.js';
import { insertStaffGrant } from '../db/repositories/staff-grants.js';
import type { Executor } from '../db/repositories/executor.js';
import { appRoot } from '../resources.js';
import { DEMO_CARDS, demoExpiry } from './cards.js';
import { DEMO_STAFF } from './staff.js';

export const DEMO_BRAND_FILES = ['demo', 'acme'].map((slug) => path.join(appRoot, 'demo', 'brands', slug, 'brand.json'));

/** The PostgreSQL advisory lock key the demo seed holds (any constant no other lock uses). */
const DEMO_SEED_LOCK = 7_356_210_042;

/**
 * Loads the demo brands and cards (docs/product/common.md#demo-mode) into an empty database, in one
 * transaction: a crash half-way leaves no half demo behind. Answers whether it loaded anything.
 * Then, every time, the demo staff's grants that are missing (grantDemoStaff).
 *
 * Several processes may start at once on one empty database (replicas, or `npm start` twice):
 * exactly one loads the demo, the others find it loaded. On PostgreSQL the transaction takes an
 * advisory lock first, so the others wait and then see the brands. On SQLite a second writer's
 * transaction fails to upgrade its read (SQLITE_BUSY) or meets the first one's rows; then the
 * brands are looked for again, outside it, and found.
 */
export async function seedDemoData(db: Db, crypto: Crypto, now: Date = new Date()): Promise<boolean> {
  const brands = await Promise.all(DEMO_BRAND_FILES.map((file) => loadBrandFile(file)));
  let loaded: boolean;
  try {
    loaded = await loadDemo(db, crypto, brands, now);
  } catch (error) {
    if ((await countBrands(db)) === 0) throw error;
    loaded = false;
  }
  await grantDemoStaff(db, now);
  return loaded;
}

/**
 * The demo staff's grants (demo/staff.ts), also in a demo database loaded before the back office
 * existed: each one made unless it is there, so every start may run this, and several at once.
 */
async function grantDemoStaff(db: Db, now: Date): Promise<void> {
  for (const person of DEMO_STAFF) {
    const brand = person.brand === null ? null : await findBrandByCode(db, person.brand);
    if (brand === undefined) continue;
    await insertStaffGrant(db, { email: person.email, role: person.role, brandId: brand?.id ?? null, grantedBy: 'demo', grantedAt: now.toISOString() });
  }
}

async function loadDemo(db: Db, crypto: Crypto, brands: Awaited<ReturnType<typeof loadBrandFile>>[], now: Date): Promise<boolean> {
  const at = now.toISOString();
  const load = async (trx: Executor): Promise<boolean> => {
    if ((await countBrands(trx)) > 0) return false;
    const brandIds = new Map<string, string>();
    for (const loaded of brands) brandIds.set(loaded.brand.code, await storeBrand(trx, loaded, at));
    for (const card of DEMO_CARDS) {
      await issueCard(
        trx,
        crypto,
        {
          brandId: brandIds.get(card.brand)!,
          kind: card.kind,
          cardNumber: card.number,
          state: card.state,
          assetCode: 'EUR',
          expiresAt: demoExpiry(card.expiry, now),
          ...(card.securityCode !== undefined && { securityCode: card.securityCode }),
          ...(card.passcode !== undefined && { passcode: card.passcode }),
          ...(card.recoveryCode !== undefined && { recoveryCode: card.recoveryCode }),
          ...(card.visa && { visa: card.visa }),
          load: { amount: card.balance, reference: `demo-load:${card.name}` },
        },
        at,
      );
    }
    return true;
  };
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`.execute(trx);
      return load(trx);
    });
  }
  // SQLite: BEGIN IMMEDIATE takes the write lock before the brands are counted (another process
  // waits for it, up to busy_timeout); a deferred transaction would read, then fail to write.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const loaded = await load(conn);
      await sql`commit`.execute(conn);
      return loaded;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}
