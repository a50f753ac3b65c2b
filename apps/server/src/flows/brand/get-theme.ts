import { FLOW_CODES, type Theme, stylingSchema } from '@tessera/contracts';
import { ASSET_NAMES, listBrandAssetVersions } from '../../db/repositories/brand-assets.js';
import type { ServiceDeps } from '../../deps.js';
import type { BrandWithFlows } from '../../customer-call/brand-gate.js';
import { AppError } from '../../errors.js';

export function brandAssetPath(slug: string, name: string, etag: string): string {
  return `/api/assets/${encodeURIComponent(slug)}/${encodeURIComponent(name)}?v=${etag}`;
}

/**
 * GET /api/theme/{id}: the brand by slug or code, as the web app dresses and gates a flow. The
 * answer is built once per brand cache entry (customer-call/brand-cache.ts) and shared, read-only.
 */
export async function getTheme(deps: ServiceDeps, id: string): Promise<Theme> {
  const theme = await deps.brands.derive(id, 'theme', (found) => buildTheme(deps, found));
  if (!theme) throw new AppError('THEME_NOT_FOUND');
  return theme;
}

async function buildTheme(deps: ServiceDeps, { brand, flows }: BrandWithFlows): Promise<Theme> {
  const versions = await listBrandAssetVersions(deps.db, brand.id);
  const url = (name: string) => {
    const etag = versions.get(name);
    return etag ? brandAssetPath(brand.slug, name, etag) : null;
  };
  const styling = stylingSchema
    .omit({ logo: true, headerImage: true, posterImage: true })
    .parse(JSON.parse(brand.styling_json));
  const flowOrder = (code: string) => FLOW_CODES.indexOf(code as (typeof FLOW_CODES)[number]);
  return {
    code: brand.code,
    slug: brand.slug,
    name: brand.name,
    styling: {
      ...styling,
      logo: url(ASSET_NAMES.logo),
      headerImage: url(ASSET_NAMES.headerImage),
      posterImage: url(ASSET_NAMES.posterImage),
    },
    pageAvailability: flows
      .filter((f) => flowOrder(f.flow_code) >= 0)
      .map((f) => ({
        code: f.flow_code as Theme['pageAvailability'][number]['code'],
        isAvailable: f.is_available === 1,
        availableLanguages: f.languages ? f.languages.split(',') : [],
      })),
    scanningFlows: flows.filter((f) => f.scanning === 1 && flowOrder(f.flow_code) >= 0).map((f) => f.flow_code as Theme['scanningFlows'][number]),
    termsUrls: brand.terms_url && brand.privacy_url ? { terms: brand.terms_url, privacy: brand.privacy_url } : null,
  };
}
