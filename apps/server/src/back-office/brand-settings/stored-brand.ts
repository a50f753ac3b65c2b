import { createHash } from 'node:crypto';
import { FLOW_CODES } from '@tessera/contracts';
import { ASSET_NAMES } from '../../db/repositories/brand-assets.js';
import { type BrandFileContent, findBrandFileContent } from '../../db/repositories/brand-drafts.js';
import type { Executor } from '../../db/repositories/executor.js';
import type { BrandRow } from '../../db/schema.js';
import { assetEtag, type BrandFile, type LoadedBrand } from '../../operator/brand-file.js';
import { storedBrandFile } from '../../operator/export-brand.js';

/**
 * A brand file as drafts and versions keep it (docs/decisions/044): checked, with its defaults,
 * every flow listed in FLOW_CODES order (as storeBrand stores them), and each image and the
 * stylesheet named `sha256:<hex>` of its content (db brand_files). Two states of a brand are
 * equal exactly when these files are, so a diff of two of them is what a publish changes.
 */
export type StoredBrandFile = BrandFile;

export const IMAGE_FIELDS = Object.keys(ASSET_NAMES) as (keyof typeof ASSET_NAMES)[];

const REF = /^sha256:([0-9a-f]{64})$/;
export const contentRef = (content: Buffer) => `sha256:${createHash('sha256').update(content).digest('hex')}`;
/** The hash of a `sha256:<hex>` reference, or undefined. */
export const hashOfRef = (ref: string | null | undefined) => (ref ? REF.exec(ref)?.[1] : undefined);

/** The same state the same way: $schema dropped, the e-mail logo null when absent, every flow listed. */
export function normalized(file: BrandFile): StoredBrandFile {
  const { $schema: _schema, ...rest } = file;
  const byCode = new Map(file.pageAvailability.map((p) => [p.code, p]));
  return {
    ...rest,
    styling: { ...file.styling, emailLogo: file.styling.emailLogo ?? null },
    pageAvailability: FLOW_CODES.map((code) => byCode.get(code) ?? { code, isAvailable: false, availableLanguages: [] }),
    scanningFlows: FLOW_CODES.filter((code) => file.scanningFlows.includes(code)),
  };
}

/** A brand as it is published now, in the stored form, with the contents its references name. */
export async function publishedState(db: Executor, brand: BrandRow): Promise<{ file: StoredBrandFile; contents: BrandFileContent[] }> {
  const contents: BrandFileContent[] = [];
  const file = await storedBrandFile(db, brand, (part) => {
    const ref = contentRef(part.content);
    contents.push({ hash: hashOfRef(ref)!, contentType: part.contentType, content: part.content });
    return ref;
  });
  return { file: normalized(file), contents };
}

/** A checked brand file (files as loaded) in the stored form, with the contents to store. */
export function storedFromLoaded(loaded: LoadedBrand): { file: StoredBrandFile; contents: BrandFileContent[] } {
  const contents: BrandFileContent[] = [];
  const refOf = (content: Buffer, contentType: string) => {
    const ref = contentRef(content);
    contents.push({ hash: hashOfRef(ref)!, contentType, content });
    return ref;
  };
  const styling = { ...loaded.brand.styling };
  for (const field of IMAGE_FIELDS) {
    const asset = loaded.assets.find((a) => a.name === ASSET_NAMES[field]);
    styling[field] = asset ? refOf(asset.content, asset.contentType) : null;
  }
  const customCss = loaded.brand.customCss ? refOf(Buffer.from(loaded.customCss, 'utf8'), 'text/css') : null;
  return { file: normalized({ ...loaded.brand, styling, customCss }), contents };
}

/** A stored file as storeBrand takes it (what `brands import` stores): its images and stylesheet read by their references. */
export async function loadedFromStored(db: Executor, file: StoredBrandFile): Promise<LoadedBrand> {
  const content = async (ref: string) => {
    const found = await findBrandFileContent(db, hashOfRef(ref) ?? '');
    if (!found) throw new Error(`brand file content ${ref} is missing`);
    return found;
  };
  const assets: LoadedBrand['assets'] = [];
  for (const field of IMAGE_FIELDS) {
    const ref = file.styling[field];
    if (!ref) continue;
    const found = await content(ref);
    assets.push({ name: ASSET_NAMES[field], contentType: found.contentType, content: found.content, etag: assetEtag(found.content) });
  }
  const customCss = file.customCss ? (await content(file.customCss)).content.toString('utf8') : '';
  return { brand: file, assets, customCss, warnings: [], warningProblems: [] };
}

/** Every content reference a stored file names. */
export function refsOf(file: StoredBrandFile): string[] {
  return [...IMAGE_FIELDS.map((field) => file.styling[field]), file.customCss].filter((ref): ref is string => typeof ref === 'string');
}
