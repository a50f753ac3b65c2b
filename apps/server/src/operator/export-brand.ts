import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FLOW_CODES } from '@tessera/contracts';
import { ASSET_NAMES, listBrandAssets } from '../db/repositories/brand-assets.js';
import { listBrandTranslations } from '../db/repositories/brand-translations.js';
import { findBrandByCode, listBrandFlows } from '../db/repositories/brands.js';
import type { Executor } from '../db/repositories/executor.js';
import { type BrandFile, type BrandFileField, CONTENT_TYPES } from './brand-file.js';
import type { BrandRow } from '../db/schema.js';
import { OperatorError } from './operator-error.js';

export interface ExportBrandResult {
  code: string;
  file: string;
  files: string[];
}

/** image/svg+xml → .svg: the first extension the brand file maps to the type. */
const extensionOf = (contentType: string) => Object.entries(CONTENT_TYPES).find(([, type]) => type === contentType)?.[0] ?? '.bin';

/** A file the stored brand holds, for `storedBrandFile` to name. */
export interface StoredBrandFilePart {
  field: BrandFileField;
  contentType: string;
  content: Buffer;
  /** The stored asset's name (`logo`, `header`, ...), or `custom` for the stylesheet. */
  name: string;
}

/**
 * The stored brand as a brand file (what `brands import` would store it from again), each image
 * and the stylesheet named by `nameFile`: a file beside brand.json for `brands export`, a content
 * reference for the back office's drafts and versions.
 */
export async function storedBrandFile(db: Executor, brand: BrandRow, nameFile: (part: StoredBrandFilePart) => string): Promise<BrandFile> {
  const [flows, assets, translations] = await Promise.all([listBrandFlows(db, brand.id), listBrandAssets(db, brand.id), listBrandTranslations(db, brand.id)]);
  const imageFile = (field: keyof typeof ASSET_NAMES) => {
    const asset = assets.find((a) => a.name === ASSET_NAMES[field]);
    return asset ? nameFile({ field, contentType: asset.contentType, content: asset.content, name: asset.name }) : null;
  };
  const styling = JSON.parse(brand.styling_json) as Omit<BrandFile['styling'], keyof typeof ASSET_NAMES>;
  const byCode = new Map(flows.map((f) => [f.flow_code, f]));
  const ordered = FLOW_CODES.flatMap((flow) => byCode.get(flow) ?? []);
  return {
    code: brand.code,
    slug: brand.slug,
    name: brand.name,
    assetCode: brand.asset_code,
    styling: {
      logo: imageFile('logo'),
      headerImage: imageFile('headerImage'),
      posterImage: imageFile('posterImage'),
      emailLogo: imageFile('emailLogo'),
      ...styling,
    },
    pageAvailability: ordered.map((f) => ({
      code: f.flow_code as BrandFile['pageAvailability'][number]['code'],
      isAvailable: Number(f.is_available) === 1,
      availableLanguages: f.languages ? f.languages.split(',') : [],
    })),
    scanningFlows: ordered.filter((f) => Number(f.scanning) === 1).map((f) => f.flow_code as BrandFile['scanningFlows'][number]),
    payoutFee: Number(brand.payout_fee),
    // Written only when the brand has its own: a brand on the defaults exports as it was imported.
    ...(brand.payout_review_json === null ? {} : { payoutReview: JSON.parse(brand.payout_review_json) as NonNullable<BrandFile['payoutReview']> }),
    replacementMinimum: Number(brand.replacement_minimum),
    termsUrls: brand.terms_url && brand.privacy_url ? { terms: brand.terms_url, privacy: brand.privacy_url } : null,
    embedOrigins: JSON.parse(brand.embed_origins_json) as string[],
    customCss: brand.custom_css ? nameFile({ field: 'customCss', contentType: 'text/css', content: Buffer.from(brand.custom_css, 'utf8'), name: 'custom' }) : null,
    translations,
  };
}

/**
 * `tessera brands export CODE --out DIR`: the brand as a brand file with its images and stylesheet
 * beside it, the form `brand import` reads: importing the folder again changes nothing. A folder
 * that already holds a brand.json is refused rather than overwritten.
 */
export async function exportBrand(db: Executor, code: string, dir: string): Promise<ExportBrandResult> {
  const brand = await findBrandByCode(db, code);
  if (!brand) throw new OperatorError(`There is no brand with code ${code}.`, ['"tessera brands list" shows the brands']);
  const file = path.join(dir, 'brand.json');
  if (existsSync(file)) throw new OperatorError(`${file} exists already; nothing was written.`, ['choose an empty folder for --out']);

  const files = new Map<string, Buffer | string>();
  const out = await storedBrandFile(db, brand, (part) => {
    const name = part.field === 'customCss' ? 'custom.css' : `${part.name}${extensionOf(part.contentType)}`;
    files.set(name, part.field === 'customCss' ? part.content.toString('utf8') : part.content);
    return name;
  });

  await mkdir(dir, { recursive: true });
  for (const [name, content] of files) await writeFile(path.join(dir, name), content);
  await writeFile(file, `${JSON.stringify(out, null, 2)}\n`);
  return { code: brand.code, file, files: [...files.keys()] };
}
