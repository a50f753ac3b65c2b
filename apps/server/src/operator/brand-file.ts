import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brandFileObjectWith, brandFileUrlField, MAX_BRAND_CSS_BYTES, MAX_BRAND_IMAGE_BYTES } from '@tessera/contracts/admin';
import { z } from 'zod';
import { ASSET_NAMES } from '../db/repositories/brand-assets.js';
import { type BrandFileProblem, checkBrandTexts, describeIssues, KNOWN_TEXT_KEYS } from './brand-file-checks.js';
import { customCssProblems, svgProblems } from './brand-safety.js';
import { contrastWarnings, MINIMUM_CONTRAST } from './brand-contrast.js';

/**
 * The brand definition file: what `tessera brand import FILE` reads and what the demo brands are
 * written in. Images and the stylesheet are files next to it, named relative to it; they are stored
 * in the database so any number of stateless server processes can serve them.
 */

const relativeFile = z
  .string()
  .min(1)
  .max(200)
  .refine((p) => !path.isAbsolute(p) && !p.split(/[\\/]/).includes('..'), 'a path inside the brand folder');

/**
 * The brand file's schema with `fileRef` for its images and stylesheet: strict (an unknown key
 * anywhere is refused, not ignored), with every text key one Tessera has and texts for every
 * language the brand offers (brand-file-checks.ts). The CLI names files beside the brand file; the
 * back office's draft names them by URL (contracts' adminBrandFileSchema): the same shape and checks.
 */
function brandFileSchemaWith<F extends z.ZodType<string, string>>(fileRef: F) {
  const { file, knownKeysAt } = brandFileObjectWith(fileRef);
  const schema = file.superRefine((brand, ctx) => {
    const codes = brand.pageAvailability.map((p) => p.code);
    if (new Set(codes).size !== codes.length) {
      ctx.addIssue({ code: 'custom', path: ['pageAvailability'], message: 'each flow at most once' });
    }
    for (const problem of checkBrandTexts(brand)) {
      ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.message });
    }
  });
  return { object: file, schema, knownKeysAt };
}

const cliFile = brandFileSchemaWith(relativeFile);
const brandFileObject = cliFile.object;
export const brandFileSchema = cliFile.schema;
export type BrandFile = z.infer<typeof brandFileSchema>;

const urlFile = brandFileSchemaWith(brandFileUrlField);

/** Image types mail clients show; SVG is not one of them. */
const EMAIL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);

export const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};
const IMAGE_TYPES = new Set(Object.values(CONTENT_TYPES));

export interface LoadedAsset {
  name: string;
  contentType: string;
  content: Buffer;
  etag: string;
}

export interface LoadedBrand {
  brand: BrandFile;
  assets: LoadedAsset[];
  customCss: string;
  /** What imports but should be fixed (colours below 4.5:1): printed, not refused. */
  warnings: string[];
  /** The same warnings by where they are (`customCss`), for the back office. */
  warningProblems: BrandFileProblem[];
}

export class BrandFileError extends Error {
  override name = 'BrandFileError';
}

/** The fields of a brand file that name a file (an image or the stylesheet). */
export type BrandFileField = keyof typeof ASSET_NAMES | 'customCss';

/** A file a brand file names, as its reader found it; `contentType` null when the reader cannot tell (the checks then refuse it). */
export type ReadBrandFile = { content: Buffer; contentType: string | null } | { problem: string };

/**
 * Where the files a brand file names come from: beside the file on disk (the CLI), or from a
 * `data:` URL or the published brand's stored file (the back office's draft).
 */
export type BrandFileReader = (field: BrandFileField, ref: string) => Promise<ReadBrandFile>;

export type BrandFileCheck = { ok: true; loaded: LoadedBrand } | { ok: false; problems: BrandFileProblem[] };

/** A short content hash: the ETag and cache-busting query of an asset URL. */
export const assetEtag = (content: Buffer) => createHash('sha256').update(content).digest('base64url').slice(0, 16);

/**
 * THE check of a brand file, for `brands import` and the back office's draft alike: the parsed JSON
 * against the schema (its files named as `refs` says: relative paths or URLs), then each named file
 * through `read`: its type, its size, an SVG's and the stylesheet's safety (brand-safety.ts), and
 * the stylesheet's contrast (warnings, not problems). Every problem is returned with its dotted path.
 */
export async function checkBrandFile(raw: unknown, refs: 'paths' | 'urls', read: BrandFileReader): Promise<BrandFileCheck> {
  const { schema, knownKeysAt } = refs === 'paths' ? cliFile : urlFile;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: describeIssues(parsed.error.issues, knownKeysAt) };
  const brand = parsed.data;
  const problems: BrandFileProblem[] = [];
  const assets: LoadedAsset[] = [];
  for (const [field, name] of Object.entries(ASSET_NAMES) as [keyof typeof ASSET_NAMES, string][]) {
    const ref = brand.styling[field];
    if (!ref) continue;
    const at = `styling.${field}`;
    const found = await read(field, ref);
    if ('problem' in found) {
      problems.push({ path: at, message: found.problem });
      continue;
    }
    const { content, contentType } = found;
    if (!contentType || !IMAGE_TYPES.has(contentType)) {
      problems.push({ path: at, message: 'use an .svg, .png, .jpg, .webp or .gif file' });
      continue;
    }
    if (field === 'emailLogo' && !EMAIL_IMAGE_TYPES.has(contentType)) {
      problems.push({ path: at, message: `use a .png, .jpg or .gif file (mail clients do not show ${contentType})` });
      continue;
    }
    if (content.length > MAX_BRAND_IMAGE_BYTES) {
      problems.push({ path: at, message: 'larger than 2 MB' });
      continue;
    }
    if (contentType === 'image/svg+xml') for (const message of svgProblems(content)) problems.push({ path: at, message });
    assets.push({ name, contentType, content, etag: assetEtag(content) });
  }
  let customCss = '';
  if (brand.customCss) {
    const found = await read('customCss', brand.customCss);
    if ('problem' in found) problems.push({ path: 'customCss', message: found.problem });
    else if (found.content.length > MAX_BRAND_CSS_BYTES) problems.push({ path: 'customCss', message: 'larger than 256 KB' });
    else {
      customCss = found.content.toString('utf8');
      for (const message of customCssProblems(customCss)) problems.push({ path: 'customCss', message });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const warningProblems = contrastWarnings(customCss).map((w) => ({
    path: 'customCss',
    message: `${w.where}: ${w.foreground} on ${w.background} contrast ${w.ratio}:1, below the ${MINIMUM_CONTRAST}:1 WCAG asks for text`,
  }));
  return { ok: true, loaded: { brand, assets, customCss, warnings: warningProblems.map((w) => w.message), warningProblems } };
}

/** Reads and checks a brand file and the files beside it (the CLI); throws BrandFileError listing the problems. */
export async function loadBrandFile(file: string): Promise<LoadedBrand> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new BrandFileError(`${file}: not readable as JSON (${(error as Error).message})`);
  }
  const dir = path.dirname(file);
  const checked = await checkBrandFile(raw, 'paths', async (_field, relative) => {
    const contentType = CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? (_field === 'customCss' ? 'text/css' : null);
    try {
      return { content: await readFile(path.join(dir, relative)), contentType };
    } catch {
      return { problem: `${relative} cannot be read` };
    }
  });
  if (!checked.ok) throw new BrandFileError(`${file}:\n${checked.problems.map((p) => `  - ${p.path}: ${p.message}`).join('\n')}`);
  return checked.loaded;
}

/** The brand file's JSON Schema, as an editor reads it (what a file may hold, before defaults). */
export function brandFileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(brandFileObject, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, Record<string, unknown>> };
  // The text keys as an editor can offer them; the import refuses others (checkBrandTexts).
  (schema.properties.translations!.additionalProperties as Record<string, unknown>).propertyNames = { enum: [...KNOWN_TEXT_KEYS].sort() };
  return {
    ...schema,
    title: 'Tessera brand file',
    description: 'What "tessera brands import FILE" reads. Generated by "tessera brands schema"; text keys and languages are checked by the import.',
  };
}
