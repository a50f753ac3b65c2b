import type { Executor } from './executor.js';

/** The stored names of a brand's images (the brand file's fields map to these). */
export const ASSET_NAMES = { logo: 'logo', headerImage: 'header', posterImage: 'poster', emailLogo: 'email-logo' } as const;

export interface BrandAsset {
  name: string;
  contentType: string;
  content: Buffer;
  etag: string;
  updatedAt: string;
}

export async function findBrandAsset(db: Executor, brandId: string, name: string): Promise<BrandAsset | undefined> {
  const row = await db
    .selectFrom('brand_assets')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { name: row.name, contentType: row.content_type, content: Buffer.from(row.content), etag: row.etag, updatedAt: row.updated_at };
}

/** Name → etag of every asset of a brand, to build versioned asset URLs without loading content. */
export async function listBrandAssetVersions(db: Executor, brandId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('brand_assets').select(['name', 'etag']).where('brand_id', '=', brandId).execute();
  return new Map(rows.map((r) => [r.name, r.etag]));
}

export async function replaceBrandAssets(
  db: Executor,
  brandId: string,
  assets: readonly Omit<BrandAsset, 'updatedAt'>[],
  now: string,
): Promise<void> {
  await db.deleteFrom('brand_assets').where('brand_id', '=', brandId).execute();
  if (assets.length === 0) return;
  await db
    .insertInto('brand_assets')
    .values(
      assets.map((a) => ({
        brand_id: brandId,
        name: a.name,
        content_type: a.contentType,
        content: a.content,
        etag: a.etag,
        updated_at: now,
      })),
    )
    .execute();
}

/** Every asset of a brand with its content (what `brands export` writes back as files). */
export async function listBrandAssets(db: Executor, brandId: string): Promise<BrandAsset[]> {
  const rows = await db.selectFrom('brand_assets').selectAll().where('brand_id', '=', brandId).orderBy('name').execute();
  return rows.map((row) => ({ name: row.name, contentType: row.content_type, content: Buffer.from(row.content), etag: row.etag, updatedAt: row.updated_at }));
}

/** A brand's assets without their content, by name: what changed in an import is told by the etags. */
export async function listBrandAssetHeaders(db: Executor, brandId: string): Promise<{ name: string; content_type: string; etag: string }[]> {
  return db.selectFrom('brand_assets').select(['name', 'content_type', 'etag']).where('brand_id', '=', brandId).orderBy('name').execute();
}
