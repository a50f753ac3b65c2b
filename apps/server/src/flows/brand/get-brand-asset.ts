import { findBrandAsset, type BrandAsset } from '../../db/repositories/brand-assets.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { requireKnownBrand } from '../../customer-call/brand-gate.js';

/** GET /api/assets/{slug}/{name}: a brand image, stored in the database. */
export async function getBrandAsset(deps: ServiceDeps, slug: string, name: string): Promise<BrandAsset> {
  const { brand } = await requireKnownBrand(deps.brands, slug);
  const asset = await findBrandAsset(deps.db, brand.id, name);
  if (!asset) throw new AppError('NOT_FOUND');
  return asset;
}
