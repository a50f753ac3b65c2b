import { randomUUID } from 'node:crypto';
import { FLOW_CODES } from '@tessera/contracts';
import { replaceBrandAssets } from '../db/repositories/brand-assets.js';
import { replaceBrandTranslations } from '../db/repositories/brand-translations.js';
import { upsertBrand } from '../db/repositories/brands.js';
import type { Executor } from '../db/repositories/executor.js';
import type { LoadedBrand } from './brand-file.js';

/**
 * Writes a loaded brand file into the database (inside the caller's transaction): the brand, its
 * flows, assets and translation overrides. Importing the same file twice changes nothing.
 */
export async function storeBrand(db: Executor, loaded: LoadedBrand, now: string): Promise<string> {
  const { brand } = loaded;
  const { logo: _logo, headerImage: _header, posterImage: _poster, emailLogo: _emailLogo, ...styling } = brand.styling;
  const availability = new Map(brand.pageAvailability.map((p) => [p.code, p]));
  const flows = FLOW_CODES.map((code, position) => {
    const entry = availability.get(code);
    return {
      flow_code: code,
      is_available: entry?.isAvailable ? 1 : 0,
      languages: (entry?.availableLanguages ?? []).join(','),
      scanning: brand.scanningFlows.includes(code) ? 1 : 0,
      position,
    };
  });
  const brandId = await upsertBrand(
    db,
    {
      id: randomUUID(),
      code: brand.code,
      slug: brand.slug,
      name: brand.name,
      styling_json: JSON.stringify(styling),
      asset_code: brand.assetCode,
      payout_fee: brand.payoutFee,
      payout_review_json: brand.payoutReview ? JSON.stringify(brand.payoutReview) : null,
      replacement_minimum: brand.replacementMinimum,
      terms_url: brand.termsUrls?.terms ?? null,
      privacy_url: brand.termsUrls?.privacy ?? null,
      embed_origins_json: JSON.stringify(brand.embedOrigins),
      custom_css: loaded.customCss,
    },
    flows,
    now,
  );
  await replaceBrandAssets(db, brandId, loaded.assets, now);
  await replaceBrandTranslations(db, brandId, brand.translations);
  return brandId;
}
