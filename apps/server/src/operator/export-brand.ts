import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FLOW_CODES } from '@tessera/contracts';
import { ASSET_NAMES, listBrandAssets } from '../db/repositories/brand-assets.js';
import { listBrandTranslations } from '../db/repositories/brand-translations.js';
import { findBrandByCode, listBrandFlows } from '../db/repositories/brands.js';
import type { Executor } from '../db/repositories/executor.js';
import { type BrandFile, CONTENT_TYPES } from './brand-file.js';
import { OperatorError } from './operator-error.js';

export interface ExportBrandResult {
  code: string;
  file: string;
  files: string[];
}

/** image/svg+xml → .svg: the first extension the brand file maps to the type. */
const extensionOf = (contentType: string) => Object.entries(CONTENT_TYPES).find(([, type]) => type === contentType)?.[0] ?? '.bin';

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

  const [flows, assets, translations] = await Promise.all([listBrandFlows(db, brand.id), listBrandAssets(db, brand.id), listBrandTranslations(db, brand.id)]);
  const files = new Map<string, Buffer | string>();
  const imageFile = (field: keyof typeof ASSET_NAMES) => {
    const asset = assets.find((a) => a.name === ASSET_NAMES[field]);
    if (!asset) return null;
    const name = `${asset.name}${extensionOf(asset.contentType)}`;
    files.set(name, asset.content);
    return name;
  };
  const styling = JSON.parse(brand.styling_json) as Omit<BrandFile['styling'], keyof typeof ASSET_NAMES>;
  const byCode = new Map(flows.map((f) => [f.flow_code, f]));
  const ordered = FLOW_CODES.flatMap((flow) => byCode.get(flow) ?? []);
  if (brand.custom_css) files.set('custom.css', brand.custom_css);

  const out: BrandFile = {
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
    customCss: brand.custom_css ? 'custom.css' : null,
    translations,
  };

  await mkdir(dir, { recursive: true });
  for (const [name, content] of files) await writeFile(path.join(dir, name), content);
  await writeFile(file, `${JSON.stringify(out, null, 2)}\n`);
  return { code: brand.code, file, files: [...files.keys()] };
}
