import {
  adminApi,
  brandDiffSchema,
  brandDraftSchema,
  brandVersionListSchema,
  MAX_BRAND_DRAFT_BODY_BYTES,
  publishBrandRequestSchema,
  publishedBrandSchema,
  publishedVersionSchema,
  restoreBrandVersionRequestSchema,
  restoredBrandDraftSchema,
  savedBrandDraftSchema,
  textDefaultsSchema,
} from '@tessera/contracts/admin';
import { z } from 'zod';
import { findBrandByCode } from '../../db/repositories/brands.js';
import type { ServiceDeps } from '../../deps.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/route-types.js';
import { DEFAULT_TRANSLATIONS } from '../../translations/defaults.js';
import { type BrandSource, noBrand, staffOf, staffRoute } from '../admin-route.js';
import { brandVersions, draftDiff, getBrandDraft, getPublishedBrand, publishDraft, restoreVersion, saveDraft } from './brand-drafts.js';

const hidden = { hide: true } as const;
const guarded = (...more: number[]) => errorResponses(401, 403, 404, ...more);

/** The brand a path's `:code` names: its code, or 'not found' for none (answered as one outside the caller's brands). */
export const brandOfPathCode = (deps: ServiceDeps): BrandSource => ({
  label: 'path:code',
  notFound: 'NOT_FOUND',
  resolve: async (request) => {
    const code = (request.params as { code?: unknown }).code;
    if (typeof code !== 'string' || code === '') return 'not found';
    const brand = await findBrandByCode(deps.db, code.toUpperCase());
    return brand ? brand.code : 'not found';
  },
});

const codeParams = z.object({ code: z.string().min(1).max(32) });
const versionParams = codeParams.extend({ version: z.coerce.number().int().min(1).max(1_000_000) });

/**
 * A brand's settings (docs/back-office.md: brand, draft, publish, versions), action brand.manage
 * (brand-admin of the brand, admin), the brand from the path: another brand's answers 404 as an
 * unknown one. The draft's body is a brand file of up to 12 MB (images as data: URLs); checked in
 * the service by the brand file check, not by the route's schema, so problems come back by their
 * dotted paths (400 INVALID_BRAND).
 */
export async function adminBrandSettingsRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const manage = staffRoute('brand.manage', brandOfPathCode(deps));

  app.get(adminApi.brand.pattern, { config: manage, schema: { ...hidden, params: codeParams, response: { 200: publishedBrandSchema, ...guarded() } } }, async (request) =>
    getPublishedBrand(deps, request.params.code),
  );

  app.get(adminApi.brandDraft.pattern, { config: manage, schema: { ...hidden, params: codeParams, response: { 200: brandDraftSchema, ...guarded() } } }, async (request) =>
    getBrandDraft(deps, request.params.code),
  );

  app.put(
    adminApi.brandDraft.pattern,
    { config: manage, bodyLimit: MAX_BRAND_DRAFT_BODY_BYTES, schema: { ...hidden, params: codeParams, body: z.unknown(), response: { 200: savedBrandDraftSchema, ...guarded(400, 413) } } },
    async (request) => saveDraft(deps, request.params.code, request.body, staffOf(request)),
  );

  app.get(adminApi.brandDraftDiff.pattern, { config: manage, schema: { ...hidden, params: codeParams, response: { 200: brandDiffSchema, ...guarded() } } }, async (request) =>
    draftDiff(deps, request.params.code),
  );

  app.post(
    adminApi.publishBrand.pattern,
    { config: manage, schema: { ...hidden, params: codeParams, body: publishBrandRequestSchema, response: { 200: publishedVersionSchema, ...guarded(400, 409) } } },
    async (request) => publishDraft(deps, request.params.code, staffOf(request)),
  );

  app.get(adminApi.brandVersions.pattern, { config: manage, schema: { ...hidden, params: codeParams, response: { 200: brandVersionListSchema, ...guarded() } } }, async (request) =>
    brandVersions(deps, request.params.code),
  );

  app.post(
    adminApi.restoreBrandVersion.pattern,
    { config: manage, schema: { ...hidden, params: versionParams, body: restoreBrandVersionRequestSchema, response: { 200: restoredBrandDraftSchema, ...guarded(400) } } },
    async (request) => restoreVersion(deps, request.params.code, request.params.version, staffOf(request)),
  );

  // The editor shows Tessera's own text beside each key: the same for every brand.
  app.get(adminApi.textDefaults.pattern, { config: staffRoute('brand.manage', noBrand), schema: { ...hidden, response: { 200: textDefaultsSchema, ...guarded() } } }, async () => ({
    languages: DEFAULT_TRANSLATIONS,
  }));
}
