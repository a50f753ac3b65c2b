import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FLOW_CODES, informationTypeSchema, languageSchema, multilineText, plainText, printable } from '@tessera/contracts';
import { z } from 'zod';
import { ASSET_NAMES } from '../db/repositories/brand-assets.js';
import { checkBrandTexts, describeIssues, KNOWN_TEXT_KEYS } from './brand-file-checks.js';
import { contrastWarnings, MINIMUM_CONTRAST } from './brand-contrast.js';
import { customCssProblems, svgProblems } from './brand-safety.js';
import { DEFAULT_PAYOUT_REVIEW } from '../domain/payout-review.js';

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

/** A brand's texts by key: shown on pages and in e-mails, so they may span lines but carry no escape sequence. */
const brandTextsSchema = z.record(z.string(), multilineText());

// The URL parser accepts (and would quietly encode) a control character or space: stored as written,
// it would reach the operator's terminal and the e-mails, so it is refused.
const httpsOrHttpUrl = z.url({ protocol: /^https?$/ }).refine((url) => printable(url) === url && !url.includes(' '), 'no spaces or control characters');

/** Origins allowed to frame the balance embed: '*' or scheme://host[:port] without a path. */
const embedOrigin = z.union([
  z.literal('*'),
  z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin such as https://www.example.com'),
]);

const stylingSchema = z.strictObject({
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
});

const pageAvailabilityEntrySchema = z.strictObject({
  code: z.enum(FLOW_CODES),
  isAvailable: z.boolean(),
  availableLanguages: z.array(languageSchema).max(10),
});

const termsUrlsSchema = z.strictObject({ terms: httpsOrHttpUrl, privacy: httpsOrHttpUrl });

/**
 * When a payout is held for review (domain/payout-review.ts, docs/back-office.md): every key may
 * be left out for its default; null turns a rule off.
 */
const payoutReviewSchema = z.strictObject({
  /** Hold when the IBAN received payouts from this many other cards (any brand) in `ibanWindowDays`; default 3. */
  ibanOtherCards: z.number().int().min(1).max(1000).nullable().default(DEFAULT_PAYOUT_REVIEW.ibanOtherCards),
  /** Default 30. */
  ibanWindowDays: z.number().int().min(1).max(366).default(DEFAULT_PAYOUT_REVIEW.ibanWindowDays),
  /** Hold when the bank-verified identity's payouts this calendar month (any brand) come to more than this, in euro cents; default 15000. */
  identityMonthlyLimit: z.number().int().min(0).max(100_000_000).nullable().default(DEFAULT_PAYOUT_REVIEW.identityMonthlyLimit),
  /** Hold a payout to an IBAN on the brand's block list (IBANs of payouts rejected for fraud); default true. */
  blockList: z.boolean().default(DEFAULT_PAYOUT_REVIEW.blockList),
  /** Hold when the card had a guessing cool-down in this many hours before; default 24. */
  guessingWindowHours: z.number().int().min(1).max(720).nullable().default(DEFAULT_PAYOUT_REVIEW.guessingWindowHours),
});

/** The portal's paths start with a brand's slug (or code): /admin/ is the back office's, no brand's. */
const RESERVED_SLUG = 'admin';

const brandFileObject = z.strictObject({
  /** The JSON Schema of this file (docs/brand-file.schema.json), for editors; not stored. */
  $schema: z.string().max(500).optional(),
  code: z
    .string()
    .regex(/^[A-Z0-9_]{2,32}$/, 'upper-case letters, digits and _')
    .refine((code) => code.toLowerCase() !== RESERVED_SLUG, `${RESERVED_SLUG.toUpperCase()} is reserved (the back office)`),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,31}$/, 'lower-case letters, digits and -')
    .refine((slug) => slug !== RESERVED_SLUG, `${RESERVED_SLUG} is reserved (the back office lives at /${RESERVED_SLUG}/)`),
  name: plainText().min(1).max(100),
  /** ISO 4217 code of the brand's cards and fees. */
  assetCode: z.string().regex(/^[A-Z]{3}$/).default('EUR'),
  styling: stylingSchema,
  /** Every flow the brand offers or not; a flow left out is unavailable. */
  pageAvailability: z.array(pageAvailabilityEntrySchema).max(FLOW_CODES.length),
  scanningFlows: z.array(z.enum(FLOW_CODES)).max(FLOW_CODES.length),
  /** Payout fee in minor units. */
  payoutFee: z.number().int().min(0),
  /** When payouts are held for review; left out: the defaults. */
  payoutReview: payoutReviewSchema.optional(),
  /** Smallest balance a card may be replaced with, in minor units. */
  replacementMinimum: z.number().int().min(0),
  termsUrls: termsUrlsSchema.nullable(),
  embedOrigins: z.array(embedOrigin).max(20),
  customCss: relativeFile.nullable(),
  /** Per culture, texts that replace the defaults (apps/server/src/translations/defaults). */
  translations: z.record(languageSchema, brandTextsSchema).default({}),
});

/** The keys an object of the file may have, by where it sits: for "did you mean" on an unknown key. */
function knownKeysAt(at: PropertyKey[]): readonly string[] {
  const where = at.filter((part) => typeof part === 'string').join('.');
  const shape = { '': brandFileObject, styling: stylingSchema, pageAvailability: pageAvailabilityEntrySchema, termsUrls: termsUrlsSchema, payoutReview: payoutReviewSchema }[where];
  return shape ? Object.keys(shape.shape) : [];
}

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
  // What the images and the stylesheet hold that may not reach a cardholder (brand-safety.ts):
  // gathered over every file, so the brand fixes them all in one go.
  const unsafe: string[] = [];
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
    if (contentType === 'image/svg+xml') unsafe.push(...svgProblems(content).map((problem) => `styling.${field}: ${problem}`));
    assets.push({ name, contentType, content, etag: createHash('sha256').update(content).digest('base64url').slice(0, 16) });
  }
  let customCss = '';
  if (brand.customCss) {
    customCss = await readFile(path.join(dir, brand.customCss), 'utf8').catch(() => {
      throw new BrandFileError(`${file}: customCss: ${brand.customCss} cannot be read`);
    });
    if (Buffer.byteLength(customCss) > MAX_CSS_BYTES) throw new BrandFileError(`${file}: customCss: larger than 256 KB`);
    unsafe.push(...customCssProblems(customCss).map((problem) => `customCss: ${problem}`));
  }
  if (unsafe.length > 0) throw new BrandFileError(`${file}:\n${unsafe.map((problem) => `  - ${problem}`).join('\n')}`);
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
