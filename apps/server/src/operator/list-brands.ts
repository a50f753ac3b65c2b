import { FLOW_CODES } from '@tessera/contracts';
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
      const flows = (await listBrandFlows(db, brand.id))
        .filter((f) => Number(f.is_available) === 1)
        .sort((a, b) => FLOW_CODES.indexOf(a.flow_code as never) - FLOW_CODES.indexOf(b.flow_code as never));
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
