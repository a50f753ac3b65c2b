import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FLOW_CODES, informationTypeSchema, languageSchema, translationsSchema } from '@tessera/contracts';
import { z } from 'zod';
import { ASSET_NAMES } from '../db/repositories/brand-assets.js';

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

const httpsOrHttpUrl = z.url({ protocol: /^https?$/ });

/** Origins allowed to frame the balance embed: '*' or scheme://host[:port] without a path. */
const embedOrigin = z.union([
  z.literal('*'),
  z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin such as https://www.example.com'),
]);

export const brandFileSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'upper-case letters, digits and _'),
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,31}$/, 'lower-case letters, digits and -'),
    name: z.string().min(1).max(100),
    /** ISO 4217 code of the brand's cards and fees. */
    assetCode: z.string().regex(/^[A-Z]{3}$/).default('EUR'),
    styling: z.object({
      logo: relativeFile.nullable(),
      headerImage: relativeFile.nullable(),
      posterImage: relativeFile.nullable(),
      /**
       * The logo in e-mails, as PNG, JPEG or GIF: the common mail clients (Gmail, Outlook) do not
       * show SVG. Without it, e-mails carry the portal's logo file.
       */
      emailLogo: relativeFile.nullable().optional(),
      addSwoosh: z.boolean(),
      backgroundVariant: z.enum(['plain', 'light', 'dark', 'pattern']),
      useGradient: z.boolean(),
      informationType: informationTypeSchema,
    }),
    /** Every flow the brand offers or not; a flow left out is unavailable. */
    pageAvailability: z
      .array(
        z.object({
          code: z.enum(FLOW_CODES),
          isAvailable: z.boolean(),
          availableLanguages: z.array(languageSchema).max(10),
        }),
      )
      .max(FLOW_CODES.length),
    scanningFlows: z.array(z.enum(FLOW_CODES)).max(FLOW_CODES.length),
    /** Payout fee in minor units. */
    payoutFee: z.number().int().min(0),
    /** Smallest balance a card may be replaced with, in minor units. */
    replacementMinimum: z.number().int().min(0),
    termsUrls: z.object({ terms: httpsOrHttpUrl, privacy: httpsOrHttpUrl }).nullable(),
    embedOrigins: z.array(embedOrigin).max(20),
    customCss: relativeFile.nullable(),
    /** Per culture, texts that replace the defaults (apps/server/src/translations/defaults). */
    translations: z.record(languageSchema, translationsSchema).default({}),
  })
  .superRefine((brand, ctx) => {
    const codes = brand.pageAvailability.map((p) => p.code);
    if (new Set(codes).size !== codes.length) {
      ctx.addIssue({ code: 'custom', path: ['pageAvailability'], message: 'each flow at most once' });
    }
  });

export type BrandFile = z.infer<typeof brandFileSchema>;

/** Image types mail clients show; SVG is not one of them. */
const EMAIL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);

const CONTENT_TYPES: Record<string, string> = {
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
    throw new BrandFileError(
      `${file}:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`).join('\n')}`,
    );
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
  return { brand, assets, customCss };
}
