import type { ServiceDeps } from '../../deps.js';
import { requireKnownBrand } from '../../customer-call/brand-gate.js';

/** GET /api/css/theme/{id}/custom.css: the brand's stylesheet (empty when it has none). */
export async function getCustomCss(deps: ServiceDeps, id: string): Promise<string> {
  const { brand } = await requireKnownBrand(deps.brands, id);
  return brand.custom_css;
}
