import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brandFileObjectWith } from '@tessera/contracts/admin';
import { z } from 'zod';
import { ASSET_NAMES } from '../db/repositories/brand-assets.js';
import { checkBrandTexts, describeIssues, KNOWN_TEXT_KEYS } from './brand-file-checks.js';
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

/** The one brand file shape (contracts), with its images and stylesheet as files beside it. */
const { file: brandFileObject, knownKeysAt } = brandFileObjectWith(relativeFile);

/**
 * The brand file: strict (an unknown key anywhere is refused, not ignored), with every text key
 * one Tessera has and texts for every language the brand offers (brand-file-checks.ts).
 */
export const brandFileSchema = brandFileObject.superRefine((brand, ctx) => {
  const codes = brand.pageAvailability.map((p) => p.code);
  if (new Set(codes).size !== codes.length) {
    ctx.addIssue({ code: 'custom', path: ['pageAvailability'], message: 'each flow at most once' });
  }
  for (const problem of checkBrandTexts(brand)) {
    ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.message });
  }
});

export type BrandFile = z.infer<typeof brandFileSchema>;

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

const MAX_ASSET_BYTES = 2 * 1024 * 1024;
const MAX_CSS_BYTES = 256 * 1024;

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
}

export class BrandFileError extends Error {
  override name = 'BrandFileError';
}

/** Reads and checks a brand file and the files it names; throws BrandFileError listing the problems. */
export async function loadBrandFile(file: string): Promise<LoadedBrand> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new BrandFileError(`${file}: not readable as JSON (${(error as Error).message})`);
  }
  const parsed = brandFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error.issues, knownKeysAt);
    throw new BrandFileError(`${file}:\n${problems.map((p) => `  - ${p.path}: ${p.message}`).join('\n')}`);
  }
  const brand = parsed.data;
  const dir = path.dirname(file);
  const assets: LoadedAsset[] = [];
  for (const [field, name] of Object.entries(ASSET_NAMES) as [keyof typeof ASSET_NAMES, string][]) {
    const relative = brand.styling[field];
    if (!relative) continue;
    const contentType = CONTENT_TYPES[path.extname(relative).toLowerCase()];
    if (!contentType) throw new BrandFileError(`${file}: styling.${field}: use an .svg, .png, .jpg, .webp or .gif file`);
    if (field === 'emailLogo' && !EMAIL_IMAGE_TYPES.has(contentType)) {
      throw new BrandFileError(`${file}: styling.emailLogo: use a .png, .jpg or .gif file (mail clients do not show ${path.extname(relative)})`);
    }
    const content = await readFile(path.join(dir, relative)).catch(() => {
      throw new BrandFileError(`${file}: styling.${field}: ${relative} cannot be read`);
    });
    if (content.length > MAX_ASSET_BYTES) throw new BrandFileError(`${file}: styling.${field}: larger than 2 MB`);
    assets.push({ name, contentType, content, etag: createHash('sha256').update(content).digest('base64url').slice(0, 16) });
  }
  let customCss = '';
  if (brand.customCss) {
    customCss = await readFile(path.join(dir, brand.customCss), 'utf8').catch(() => {
      throw new BrandFileError(`${file}: customCss: ${brand.customCss} cannot be read`);
    });
    if (Buffer.byteLength(customCss) > MAX_CSS_BYTES) throw new BrandFileError(`${file}: customCss: larger than 256 KB`);
  }
  const warnings = contrastWarnings(customCss).map(
    (w) => `${w.where}: ${w.foreground} on ${w.background} contrast ${w.ratio}:1, below the ${MINIMUM_CONTRAST}:1 WCAG asks for text`,
  );
  return { brand, assets, customCss, warnings };
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
