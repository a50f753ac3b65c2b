import { brandIdParam, type FlowCode, type FlowType, flowCodeOf, isFlowType } from '@tessera/contracts';
import type { BrandFlowRow, BrandRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { BrandCache } from './brand-cache.js';

export interface BrandWithFlows {
  brand: BrandRow;
  flows: BrandFlowRow[];
}

/**
 * The brand a path or body names, or THEME_NOT_FOUND: the first check of every call. Read through
 * the brand cache, so a brand is read from the database once per BRAND_CACHE_TTL_MS.
 */
export async function requireKnownBrand(brands: BrandCache, identifier: string | undefined): Promise<BrandWithFlows> {
  const found = identifier ? await brands.find(identifier) : undefined;
  if (!found) throw new AppError('THEME_NOT_FOUND');
  return found;
}

/**
 * The brand a path's {themeCode} names. A value that cannot be a brand's code or slug names no
 * brand: THEME_NOT_FOUND, the first check of the contract's order, not a validation error.
 */
export async function requireBrandOfPath(brands: BrandCache, themeCode: unknown): Promise<BrandWithFlows> {
  const parsed = brandIdParam.safeParse(themeCode);
  return requireKnownBrand(brands, parsed.success ? parsed.data : undefined);
}

/** The languages a brand offers for a flow, in the switcher's order. */
export function flowLanguages(flows: readonly BrandFlowRow[], code: FlowCode): string[] {
  const flow = flows.find((f) => f.flow_code === code && f.is_available === 1);
  return flow?.languages ? flow.languages.split(',').map((l) => l.trim()).filter(Boolean) : [];
}

export function offersFlow(flows: readonly BrandFlowRow[], code: FlowCode): boolean {
  return flows.some((f) => f.flow_code === code && f.is_available === 1);
}

/**
 * The x-flow-type header of a call that accepts only some flow types: a missing or foreign value
 * is a malformed request (VALIDATION_ERROR); a flow the brand does not offer is FLOW_UNAVAILABLE.
 */
export function requireOfferedFlowType(
  header: string | undefined,
  accepted: readonly FlowType[],
  flows: readonly BrandFlowRow[],
): FlowType {
  if (!isFlowType(header) || !accepted.includes(header)) {
    throw new AppError('VALIDATION_ERROR', 'The x-flow-type header is missing or not valid for this call.', [
      { path: 'x-flow-type', message: `expected one of ${accepted.join(', ')}` },
    ]);
  }
  if (!offersFlow(flows, flowCodeOf[header])) throw new AppError('FLOW_UNAVAILABLE');
  return header;
}
