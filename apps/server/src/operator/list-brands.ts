import { listBrandFlows, listBrandsWithCardCounts } from '../db/repositories/brands.js';
import type { Executor } from '../db/repositories/executor.js';

export interface BrandListing {
  code: string;
  slug: string;
  name: string;
  /** The flows the brand offers, in flow order, with their languages. */
  flows: { code: string; languages: string[] }[];
  cards: number;
}

/** `tessera brands list`: every brand with what it offers and how many cards it has. */
export async function listBrands(db: Executor): Promise<BrandListing[]> {
  const brands = await listBrandsWithCardCounts(db);
  return Promise.all(
    brands.map(async (brand) => {
      // listBrandFlows answers them in flow order (their position).
      const flows = (await listBrandFlows(db, brand.id)).filter((f) => Number(f.is_available) === 1);
      return {
        code: brand.code,
        slug: brand.slug,
        name: brand.name,
        flows: flows.map((f) => ({ code: f.flow_code, languages: f.languages ? f.languages.split(',') : [] })),
        cards: brand.card_count,
      };
    }),
  );
}
