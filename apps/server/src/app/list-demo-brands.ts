import { FLOW_CODES, type DemoBrand, type FlowCode } from '@tessera/contracts';
import { findBrandByIdentifier, listBrandFlows, listBrands } from '../db/repositories/brands.js';
import type { BrandFlowRow } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';

const isFlowCode = (code: string): code is FlowCode => (FLOW_CODES as readonly string[]).includes(code);

/** The flows a brand offers, in the brand's own order (brand_flows.position). */
export function availableFlows(flows: readonly BrandFlowRow[]): DemoBrand['flows'] {
  return flows
    .filter((f) => f.is_available === 1 && isFlowCode(f.flow_code))
    .map((f) => ({ code: f.flow_code as FlowCode, languages: f.languages ? f.languages.split(',') : [] }));
}

/**
 * GET /api/demo/brands (demo mode only): every brand with the flows it offers, for the demo home
 * page at `/`. A brand that offers no flow is left out: the page would have nothing to link to.
 */
export async function listDemoBrands(deps: ServiceDeps): Promise<DemoBrand[]> {
  const brands = await listBrands(deps.db);
  const listed = await Promise.all(
    brands.map(async (brand) => ({
      code: brand.code,
      slug: brand.slug,
      name: brand.name,
      flows: availableFlows(await listBrandFlows(deps.db, brand.id)),
    })),
  );
  return listed.filter((brand) => brand.flows.length > 0);
}

/**
 * Where `/` sends a visitor in production: DEFAULT_BRAND's first available flow, as
 * { slug, flow }; null when DEFAULT_BRAND is not set, names no brand, or the brand offers no flow.
 */
export async function defaultBrandStart(deps: ServiceDeps): Promise<{ slug: string; flow: FlowCode } | null> {
  const identifier = deps.config.defaultBrand;
  if (!identifier) return null;
  const brand = await findBrandByIdentifier(deps.db, identifier);
  if (!brand) return null;
  const first = availableFlows(await listBrandFlows(deps.db, brand.id))[0];
  return first ? { slug: brand.slug, flow: first.code } : null;
}
