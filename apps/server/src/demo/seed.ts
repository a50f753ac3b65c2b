import path from 'node:path';
import { loadBrandFile } from '../operator/brand-file.js';
import { storeBrand } from '../operator/store-brand.js';
import { issueCard } from '../cards/issue-card.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { countBrands } from '../db/repositories/brands.js';
import { appRoot } from '../resources.js';
import { DEMO_CARDS, demoExpiry } from './cards.js';

export const DEMO_BRAND_FILES = ['demo', 'acme'].map((slug) => path.join(appRoot, 'demo', 'brands', slug, 'brand.json'));

/**
 * Loads the demo brands and cards (docs/product/common.md#demo-mode) into an empty database, in one
 * transaction: a crash half-way leaves no half demo behind. Answers whether it loaded anything.
 */
export async function seedDemoData(db: Db, crypto: Crypto, now: Date = new Date()): Promise<boolean> {
  const brands = await Promise.all(DEMO_BRAND_FILES.map((file) => loadBrandFile(file)));
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
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
  });
}
