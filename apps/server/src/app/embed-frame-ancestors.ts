import type { ServiceDeps } from '../deps.js';

/**
 * Who may frame a brand's balance embed: the brand's allowed origins ('*' = anyone), or nobody
 * for an unknown brand.
 */
export async function embedFrameAncestors(deps: ServiceDeps, slug: string): Promise<string[]> {
  const found = await deps.brands.find(slug);
  if (!found) return [];
  const { brand } = found;
  const origins: unknown = JSON.parse(brand.embed_origins_json);
  return Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [];
}
