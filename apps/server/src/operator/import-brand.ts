import type { LoadedBrand } from './brand-file.js';
import { storeBrand } from './store-brand.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { listBrandAssetHeaders } from '../db/repositories/brand-assets.js';
import { listBrandTranslations } from '../db/repositories/brand-translations.js';
import { findBrandByCode, findBrandById, findBrandBySlug, listBrandFlows } from '../db/repositories/brands.js';
import type { Executor } from '../db/repositories/executor.js';
import { OperatorError } from './operator-error.js';
import { operatorActor } from './operator-name.js';

export interface ImportBrandResult {
  action: 'created' | 'updated' | 'unchanged';
  /** A dry run: nothing was written; `action` and `changes` say what the import would do. */
  dryRun: boolean;
  brandId: string;
  code: string;
  slug: string;
  name: string;
  /** What differs from the stored brand (empty when created or unchanged). */
  changes: string[];
  availableFlows: string[];
  assets: string[];
  customCssBytes: number;
  translationCount: number;
}

/** What a brand import can change, compared part by part to say what an update did. */
interface BrandSnapshot {
  parts: Record<string, string>;
}

const PART_LABELS: Record<string, string> = {
  slug: 'slug',
  name: 'name',
  styling_json: 'styling',
  asset_code: 'asset code',
  payout_fee: 'payout fee',
  payout_review_json: 'payout review',
  replacement_minimum: 'replacement minimum',
  terms: 'terms links',
  embed_origins_json: 'embed origins',
  custom_css: 'custom CSS',
  flows: 'page availability and scanning',
  assets: 'images',
  translations: 'translations',
};

async function snapshot(db: Executor, brandId: string): Promise<BrandSnapshot> {
  const brand = await findBrandById(db, brandId);
  if (!brand) throw new Error(`brand ${brandId} is gone in the transaction that stored it`);
  // In flow code order: a snapshot must not depend on the order the rows were stored in.
  const flows = (await listBrandFlows(db, brandId)).sort((a, b) => (a.flow_code < b.flow_code ? -1 : a.flow_code > b.flow_code ? 1 : 0));
  const assets = await listBrandAssetHeaders(db, brandId);
  const translations = await listBrandTranslations(db, brandId);
  return {
    parts: {
      slug: brand.slug,
      name: brand.name,
      styling_json: brand.styling_json,
      asset_code: brand.asset_code,
      payout_fee: String(brand.payout_fee),
      payout_review_json: brand.payout_review_json ?? '',
      replacement_minimum: String(brand.replacement_minimum),
      terms: JSON.stringify([brand.terms_url, brand.privacy_url]),
      embed_origins_json: brand.embed_origins_json,
      custom_css: brand.custom_css,
      flows: JSON.stringify(
        flows.map((f) => [f.flow_code, Number(f.is_available), f.languages, Number(f.scanning), Number(f.position)]),
      ),
      assets: JSON.stringify(assets.map((a) => [a.name, a.content_type, a.etag])),
      translations: JSON.stringify(translations),
    },
  };
}

export interface ImportBrandOptions {
  /** The file's name, for the audit event. */
  source: string;
  /** Who imports (the operator's name), for the audit event. */
  by: string;
  /** Work out what would change, then roll everything back. */
  dryRun?: boolean;
}

/** Thrown to roll a dry run's transaction back, carrying what it would have done. */
class DryRunRollback extends Error {
  constructor(readonly result: ImportBrandResult) {
    super('dry run');
  }
}

/**
 * `tessera brands import FILE`: creates the brand the file describes, or updates the brand with
 * its code, in one transaction. The code identifies a brand (API calls carry it), so a file whose
 * slug belongs to another brand is refused rather than renaming or merging brands. A dry run
 * does the same work in a transaction it rolls back, so it tells exactly what the import would do.
 */
export async function importBrand(db: Db, loaded: LoadedBrand, now: Date, options: ImportBrandOptions): Promise<ImportBrandResult> {
  const { brand } = loaded;
  const at = now.toISOString();
  const dryRun = options.dryRun === true;
  try {
    return await db.transaction().execute(async (trx) => {
    const byCode = await findBrandByCode(trx, brand.code);
    const bySlug = await findBrandBySlug(trx, brand.slug);
    if (bySlug && bySlug.id !== byCode?.id) {
      throw new OperatorError(
        `The slug "${brand.slug}" belongs to brand ${bySlug.code}, not to ${brand.code}.`,
        [`a brand is identified by its code; to update brand ${bySlug.code}, set "code": "${bySlug.code}" in the file, or choose another slug`],
      );
    }
    const before = byCode ? await snapshot(trx, byCode.id) : undefined;
    const brandId = await storeBrand(trx, loaded, at);
    const after = await snapshot(trx, brandId);
    const changes = before
      ? Object.keys(PART_LABELS)
          .filter((part) => before.parts[part] !== after.parts[part])
          .map((part) => PART_LABELS[part]!)
      : [];
    const action = !before ? 'created' : changes.length > 0 ? 'updated' : 'unchanged';
    const result: ImportBrandResult = {
      action,
      dryRun,
      brandId,
      code: brand.code,
      slug: brand.slug,
      name: brand.name,
      changes,
      availableFlows: brand.pageAvailability.filter((p) => p.isAvailable).map((p) => p.code),
      assets: loaded.assets.map((a) => a.name),
      customCssBytes: Buffer.byteLength(loaded.customCss),
      translationCount: Object.values(brand.translations).reduce((n, texts) => n + Object.keys(texts).length, 0),
    };
    if (dryRun) throw new DryRunRollback(result);
    await recordAuditEvent(
      trx,
      {
        type: 'brand.import',
        outcome: action,
        brandId,
        client: operatorActor(options.by),
        actor: operatorActor(options.by),
        detail: JSON.stringify({ source: options.source, changes }).slice(0, 1000),
      },
      at,
    );
    return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}
