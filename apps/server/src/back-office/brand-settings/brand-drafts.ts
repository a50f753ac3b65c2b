import { brandApi, brandAssetApi } from '@tessera/contracts';
import { adminPreview, type AdminBrandFile, type BrandChange, type BrandDraft, type BrandVersion, type SavedBrandDraft } from '@tessera/contracts/admin';
import { ASSET_NAMES, findBrandAsset } from '../../db/repositories/brand-assets.js';
import {
  deleteBrandDraft,
  findBrandDraft,
  findBrandFileContent,
  findBrandVersion,
  insertBrandVersion,
  latestBrandVersion,
  listBrandFileJsons,
  listBrandVersions,
  saveBrandDraft,
  storeBrandFileContents,
} from '../../db/repositories/brand-drafts.js';
import { findBrandByCode, findBrandBySlug } from '../../db/repositories/brands.js';
import type { Executor } from '../../db/repositories/executor.js';
import type { BrandRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { assetEtag, type BrandFileField, type BrandFileReader, checkBrandFile } from '../../operator/brand-file.js';
import { storeBrand } from '../../operator/store-brand.js';
import { recordStaffEvent } from '../audit/record-staff-event.js';
import { type StaffContext, staffActorOf } from '../staff-context.js';
import { brandDiff } from './brand-diff.js';
import { hashOfRef, IMAGE_FIELDS, loadedFromStored, publishedState, refsOf, type StoredBrandFile, storedFromLoaded } from './stored-brand.js';

/**
 * A brand's settings in the back office (docs/back-office.md; docs/decisions/044): the published
 * brand, its draft (checked by THE brand file check `brands import` uses), the draft's differences,
 * publishing it (stored by the same storeBrand as an import, as a new version, audited with its
 * diff, in one transaction), the versions and restoring one as the draft.
 */

/** The brand a route's `:code` names (the guard has made sure the caller may see it). */
export async function brandOfCode(deps: ServiceDeps, code: string): Promise<BrandRow> {
  const brand = await findBrandByCode(deps.db, code.toUpperCase());
  if (!brand) throw new AppError('NOT_FOUND');
  return brand;
}

/** Where the back office reads a stored content: the preview's file URL. */
export const previewFileUrl = (code: string, hash: string) => adminPreview.file.build({ code, hash });

/** A stored file as the back office sees it: each reference as its preview file URL. */
export function adminFileOf(code: string, file: StoredBrandFile): AdminBrandFile {
  const url = (ref: string | null | undefined) => {
    const hash = hashOfRef(ref);
    return hash ? previewFileUrl(code, hash) : null;
  };
  const styling = { ...file.styling };
  for (const field of IMAGE_FIELDS) styling[field] = url(file.styling[field]);
  return { ...file, styling, customCss: url(file.customCss) };
}

/** The published brand as the back office sees it: its files as the URLs the portal answers them at. */
async function publishedAdminFile(deps: ServiceDeps, brand: BrandRow): Promise<AdminBrandFile> {
  const { file } = await publishedState(deps.db, brand);
  const styling = { ...file.styling };
  for (const field of IMAGE_FIELDS) {
    const asset = styling[field] ? await findBrandAsset(deps.db, brand.id, ASSET_NAMES[field]) : undefined;
    // The URL the theme answers for it (flows/brand/get-theme.ts brandAssetPath).
    styling[field] = asset ? `${brandAssetApi.asset.build({ slug: brand.slug, name: asset.name })}?v=${asset.etag}` : null;
  }
  const customCss = brand.custom_css ? `${brandApi.customCss.build({ id: brand.slug })}?v=${assetEtag(Buffer.from(brand.custom_css, 'utf8'))}` : null;
  return { ...file, styling, customCss };
}

/** GET /admin/api/brands/{code}: the published brand, with the number of the version it is (null before any). */
export async function getPublishedBrand(deps: ServiceDeps, code: string): Promise<{ file: AdminBrandFile; version: number | null }> {
  const brand = await brandOfCode(deps, code);
  const latest = await latestBrandVersion(deps.db, brand.id);
  return { file: await publishedAdminFile(deps, brand), version: latest?.version ?? null };
}

/**
 * GET /admin/api/brands/{code}/draft: the draft, or the published brand when there is none. Its
 * files at their preview URLs either way: the back office's own host serves nothing outside
 * /admin/, so the portal's asset URLs would not show there.
 */
export async function getBrandDraft(deps: ServiceDeps, code: string): Promise<BrandDraft> {
  const brand = await brandOfCode(deps, code);
  const draft = await findBrandDraft(deps.db, brand.id);
  if (draft) {
    return { file: adminFileOf(brand.code, JSON.parse(draft.file_json) as StoredBrandFile), updatedAt: draft.updated_at, updatedBy: draft.updated_by, basedOnVersion: draft.based_on_version };
  }
  const latest = await latestBrandVersion(deps.db, brand.id);
  return { file: adminFileOf(brand.code, await draftForPreview(deps, brand)), updatedAt: null, updatedBy: null, basedOnVersion: latest?.version ?? null };
}

/**
 * The version the published brand is: the newest version when the brand is as it left it, else a
 * new version of the brand as it is (version 1 before anything was published here; later, the
 * operator's import since the last publish), published_by null. Run before a draft is saved and
 * in a publish, so every state the portal served since the first draft is a version.
 */
async function currentVersion(db: Executor, brand: BrandRow, at: string): Promise<{ version: number; file: StoredBrandFile }> {
  const { file, contents } = await publishedState(db, brand);
  const latest = await latestBrandVersion(db, brand.id);
  const latestFile = latest && (JSON.parse(latest.file_json) as StoredBrandFile);
  if (latest && latestFile && brandDiff(latestFile, file).length === 0) return { version: latest.version, file: latestFile };
  const changes = latestFile ? brandDiff(latestFile, file) : [];
  await storeBrandFileContents(db, contents, at);
  const version = (latest?.version ?? 0) + 1;
  await insertBrandVersion(db, { brand_id: brand.id, version, file_json: JSON.stringify(file), published_at: at, published_by: null, changes_json: JSON.stringify(changes), change_count: changes.length });
  return { version, file };
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,(.*)$/is;

/**
 * The draft's files, by the URL each field names (contracts' brandFileUrlField): a `data:` URL
 * (new content), the URL the published brand answers for that very field (its stored file), or a
 * preview file URL of a content this brand's draft or versions name.
 */
function draftFileReader(deps: ServiceDeps, brand: BrandRow): BrandFileReader {
  let ownHashes: Promise<Set<string | undefined>> | undefined;
  const hashesOfBrand = () => (ownHashes ??= hashesNamedBy(deps, brand));
  return async (field: BrandFileField, ref: string) => {
    const data = DATA_URL.exec(ref);
    if (data) {
      const contentType = (data[1] ?? 'text/plain').toLowerCase();
      const content = data[3] ? Buffer.from(data[4]!, 'base64') : Buffer.from(decodeURIComponent(data[4]!), 'utf8');
      return { content, contentType: field === 'customCss' ? (contentType === 'text/css' ? contentType : null) : contentType };
    }
    let url: URL;
    try {
      url = new URL(ref, deps.config.publicUrl);
    } catch {
      return { problem: 'a data: URL, or the URL the brand answers for this file' };
    }
    const sameOrigin = url.origin === new URL(deps.config.publicUrl).origin || url.origin === deps.config.staff.origin;
    const preview = /^\/admin\/preview\/([^/]+)\/files\/([0-9a-f]{64})$/.exec(url.pathname);
    if (sameOrigin && preview && decodeURIComponent(preview[1]!).toUpperCase() === brand.code.toUpperCase() && (await hashesOfBrand()).has(preview[2]!)) {
      const found = await findBrandFileContent(deps.db, preview[2]!);
      if (found) return { content: found.content, contentType: field === 'customCss' ? 'text/css' : found.contentType };
    }
    if (sameOrigin && field === 'customCss' && url.pathname === brandApi.customCss.build({ id: brand.slug }) && brand.custom_css) {
      return { content: Buffer.from(brand.custom_css, 'utf8'), contentType: 'text/css' };
    }
    if (sameOrigin && field !== 'customCss' && url.pathname === brandAssetApi.asset.build({ slug: brand.slug, name: ASSET_NAMES[field] })) {
      const asset = await findBrandAsset(deps.db, brand.id, ASSET_NAMES[field]);
      if (asset) return { content: asset.content, contentType: asset.contentType };
    }
    return { problem: 'a data: URL, or the URL the brand answers for this file' };
  };
}

/**
 * PUT /admin/api/brands/{code}/draft: checks the file as `brands import` does (plus: the code is
 * the brand's, the slug no other brand's) and stores it as the brand's one draft; 400
 * INVALID_BRAND with every problem and nothing stored otherwise. Contrast warnings are answered.
 */
export async function saveDraft(deps: ServiceDeps, code: string, raw: unknown, ctx: StaffContext): Promise<SavedBrandDraft> {
  const brand = await brandOfCode(deps, code);
  const checked = await checkBrandFile(raw, 'urls', draftFileReader(deps, brand));
  const problems = checked.ok ? [] : [...checked.problems];
  if (checked.ok) {
    if (checked.loaded.brand.code !== brand.code) problems.push({ path: 'code', message: `the brand's code is ${brand.code}; it cannot change` });
    const bySlug = await findBrandBySlug(deps.db, checked.loaded.brand.slug);
    if (bySlug && bySlug.id !== brand.id) problems.push({ path: 'slug', message: `"${checked.loaded.brand.slug}" belongs to another brand` });
  }
  if (!checked.ok || problems.length > 0) throw new AppError('INVALID_BRAND', 'The brand file has problems; nothing was stored.', undefined, problems);
  const { file, contents } = storedFromLoaded(checked.loaded);
  const at = deps.now().toISOString();
  const saved = await deps.db.transaction().execute(async (trx) => {
    const current = await currentVersion(trx, brand, at);
    const existing = await findBrandDraft(trx, brand.id);
    await storeBrandFileContents(trx, contents, at);
    const row = { brand_id: brand.id, file_json: JSON.stringify(file), based_on_version: existing?.based_on_version ?? current.version, updated_at: at, updated_by: ctx.email };
    await saveBrandDraft(trx, row);
    await recordStaffEvent(trx, staffActorOf(ctx), { type: 'brand.draft_save', outcome: 'updated', brandId: brand.id, detail: JSON.stringify({ changes: brandDiff(current.file, file).length }) }, at);
    return row;
  });
  return { file: adminFileOf(brand.code, file), updatedAt: saved.updated_at, updatedBy: saved.updated_by, basedOnVersion: saved.based_on_version, warnings: checked.loaded.warningProblems };
}

/** GET /admin/api/brands/{code}/draft/diff: what publishing the draft would change (none without a draft). */
export async function draftDiff(deps: ServiceDeps, code: string): Promise<{ changes: BrandChange[] }> {
  const brand = await brandOfCode(deps, code);
  const draft = await findBrandDraft(deps.db, brand.id);
  if (!draft) return { changes: [] };
  const { file } = await publishedState(deps.db, brand);
  return { changes: brandDiff(file, JSON.parse(draft.file_json) as StoredBrandFile) };
}

/** The audit detail of a publish: its version and diff, the diff cut to fit (the trail keeps short details). */
function publishDetail(version: number, changes: BrandChange[]): string {
  const MAX = 4000;
  for (let shown = changes.length; shown >= 0; shown--) {
    const detail = JSON.stringify({ version, changes: changes.slice(0, shown), ...(shown < changes.length && { more: changes.length - shown }) });
    if (detail.length <= MAX) return detail;
  }
  return JSON.stringify({ version, more: changes.length });
}

/**
 * POST /admin/api/brands/{code}/publish: in ONE transaction, the draft is stored as the brand by
 * the storeBrand `brands import` uses, becomes the next version, is audited with its diff, and is
 * cleared (the draft is then the published brand again). Without a draft, or with one that
 * changes nothing: 409 NOTHING_TO_PUBLISH, nothing changes. This process's brand cache is
 * cleared; the others read the brand again within their cache's 2 s.
 */
export async function publishDraft(deps: ServiceDeps, code: string, ctx: StaffContext): Promise<{ version: number }> {
  const brand = await brandOfCode(deps, code);
  const at = deps.now().toISOString();
  const result = await deps.db.transaction().execute(async (trx) => {
    const draft = await findBrandDraft(trx, brand.id);
    if (!draft) throw new AppError('NOTHING_TO_PUBLISH', 'There is no draft to publish.');
    const current = await currentVersion(trx, brand, at);
    const file = JSON.parse(draft.file_json) as StoredBrandFile;
    const changes = brandDiff(current.file, file);
    if (changes.length === 0) throw new AppError('NOTHING_TO_PUBLISH', 'The draft is the published brand; nothing would change.');
    await storeBrand(trx, await loadedFromStored(trx, file), at);
    const version = current.version + 1;
    await insertBrandVersion(trx, { brand_id: brand.id, version, file_json: draft.file_json, published_at: at, published_by: ctx.email, changes_json: JSON.stringify(changes), change_count: changes.length });
    await deleteBrandDraft(trx, brand.id);
    await recordStaffEvent(trx, staffActorOf(ctx), { type: 'brand.publish', outcome: 'published', brandId: brand.id, detail: publishDetail(version, changes) }, at);
    return { version };
  });
  deps.brands.clear();
  return result;
}

/** GET /admin/api/brands/{code}/versions: newest first. */
export async function brandVersions(deps: ServiceDeps, code: string): Promise<{ items: BrandVersion[] }> {
  const brand = await brandOfCode(deps, code);
  const rows = await listBrandVersions(deps.db, brand.id);
  return { items: rows.map((r) => ({ version: Number(r.version), publishedAt: r.published_at, publishedBy: r.published_by, changes: Number(r.change_count) })) };
}

/** POST /admin/api/brands/{code}/versions/{n}/restore: version n becomes the draft (audited); publishing it brings it back. */
export async function restoreVersion(deps: ServiceDeps, code: string, n: number, ctx: StaffContext): Promise<BrandDraft> {
  const brand = await brandOfCode(deps, code);
  const at = deps.now().toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    const version = await findBrandVersion(trx, brand.id, n);
    if (!version) throw new AppError('NOT_FOUND', `Brand ${brand.code} has no version ${n}.`);
    const current = await currentVersion(trx, brand, at);
    const draft = { brand_id: brand.id, file_json: version.file_json, based_on_version: current.version, updated_at: at, updated_by: ctx.email };
    await saveBrandDraft(trx, draft);
    await recordStaffEvent(trx, staffActorOf(ctx), { type: 'brand.restore', outcome: 'restored', brandId: brand.id, detail: JSON.stringify({ version: n }) }, at);
    return draft;
  });
  return { file: adminFileOf(brand.code, JSON.parse(row.file_json) as StoredBrandFile), updatedAt: row.updated_at, updatedBy: row.updated_by, basedOnVersion: row.based_on_version };
}

/** The draft as stored (or the published brand when there is none), for the preview. */
export async function draftForPreview(deps: ServiceDeps, brand: BrandRow): Promise<StoredBrandFile> {
  const draft = await findBrandDraft(deps.db, brand.id);
  if (draft) return JSON.parse(draft.file_json) as StoredBrandFile;
  const { file, contents } = await publishedState(deps.db, brand);
  // The preview's file URLs name contents by hash: the published ones are stored so they resolve.
  await storeBrandFileContents(deps.db, contents, deps.now().toISOString());
  return file;
}

/** The content hashes the brand's draft, versions and published state name: what its preview file URLs may name. */
async function hashesNamedBy(deps: ServiceDeps, brand: BrandRow): Promise<Set<string | undefined>> {
  const { file: publishedFile } = await publishedState(deps.db, brand);
  const files = [publishedFile, ...(await listBrandFileJsons(deps.db, brand.id)).map((json) => JSON.parse(json) as StoredBrandFile)];
  return new Set(files.flatMap(refsOf).map(hashOfRef));
}

/** A content the brand's draft, versions or published state name (the preview's files), or undefined for any other. */
export async function brandFileOfBrand(deps: ServiceDeps, brand: BrandRow, hash: string) {
  if (!(await hashesNamedBy(deps, brand)).has(hash)) return undefined;
  // The published brand's contents are stored when first named by a preview URL.
  await draftForPreview(deps, brand);
  return findBrandFileContent(deps.db, hash);
}
