import { z } from 'zod';
import { FLOW_CODES, type FlowCode } from '../flows.js';
import { flowSegments } from '../routes/flowRoutes.js';
import { informationTypeSchema, languageSchema } from '../api/theme.js';
import { multilineText, plainText, printable } from '../text.js';

/*
 * A brand's settings in the back office (docs/back-office.md: brand, draft, preview, publish,
 * versions). The brand file is ONE shape: `tessera brands import` reads it with its images and
 * stylesheet named as files beside it; the back office reads and writes the same shape with them
 * as URLs. `brandFileObjectWith(fileRef)` builds both, so a field added here is a field of both.
 * The server adds the checks a shape cannot say (text keys, languages, sizes, SVG and CSS safety,
 * contrast): the same code for the CLI and the draft.
 */

/** The payout review's defaults (domain/payout-review.ts uses these). */
export const PAYOUT_REVIEW_DEFAULTS = {
  ibanOtherCards: 3,
  ibanWindowDays: 30,
  identityMonthlyLimit: 15_000,
  blockList: true,
  guessingWindowHours: 24,
} as const;

// The URL parser accepts (and would quietly encode) a control character or space: stored as written,
// it would reach the operator's terminal and the e-mails, so it is refused.
const httpsOrHttpUrl = z.url({ protocol: /^https?$/ }).refine((url) => printable(url) === url && !url.includes(' '), 'no spaces or control characters');

/** A brand's texts by key: shown on pages and in e-mails, so they may span lines but carry no escape sequence. */
const brandTextsSchema = z.record(z.string(), multilineText());

/** Origins allowed to frame the balance embed: '*' or scheme://host[:port] without a path. */
const embedOrigin = z.union([z.literal('*'), z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin such as https://www.example.com')]);

const pageAvailabilityEntrySchema = z.strictObject({
  code: z.enum(FLOW_CODES),
  isAvailable: z.boolean(),
  availableLanguages: z.array(languageSchema).max(10),
});

const termsUrlsSchema = z.strictObject({ terms: httpsOrHttpUrl, privacy: httpsOrHttpUrl });

/**
 * When a payout is held for review (docs/back-office.md): every key may be left out for its
 * default; null turns a rule off.
 */
const payoutReviewSchema = z.strictObject({
  /** Hold when the IBAN received payouts from this many other cards (any brand) in `ibanWindowDays`; default 3. */
  ibanOtherCards: z.number().int().min(1).max(1000).nullable().default(PAYOUT_REVIEW_DEFAULTS.ibanOtherCards),
  /** Default 30. */
  ibanWindowDays: z.number().int().min(1).max(366).default(PAYOUT_REVIEW_DEFAULTS.ibanWindowDays),
  /** Hold when the bank-verified identity's payouts this calendar month (any brand) come to more than this, in euro cents; default 15000. */
  identityMonthlyLimit: z.number().int().min(0).max(100_000_000).nullable().default(PAYOUT_REVIEW_DEFAULTS.identityMonthlyLimit),
  /** Hold a payout to an IBAN on the brand's block list (IBANs of payouts rejected for fraud); default true. */
  blockList: z.boolean().default(PAYOUT_REVIEW_DEFAULTS.blockList),
  /** Hold when the card had a guessing cool-down in this many hours before; default 24. */
  guessingWindowHours: z.number().int().min(1).max(720).nullable().default(PAYOUT_REVIEW_DEFAULTS.guessingWindowHours),
});

/** The portal's paths start with a brand's slug (or code): /admin/ is the back office's, no brand's. */
const RESERVED_SLUG = 'admin';

/** The brand file with `fileRef` for each image and the stylesheet (a relative path for the CLI, a URL for the back office). */
export function brandFileObjectWith<F extends z.ZodType<string, string>>(fileRef: F) {
  const stylingSchema = z.strictObject({
    logo: fileRef.nullable(),
    headerImage: fileRef.nullable(),
    posterImage: fileRef.nullable(),
    /**
     * The logo in e-mails, as PNG, JPEG or GIF: the common mail clients (Gmail, Outlook) do not
     * show SVG. Without it, e-mails carry the portal's logo file.
     */
    emailLogo: fileRef.nullable().optional(),
    addSwoosh: z.boolean(),
    backgroundVariant: z.enum(['plain', 'light', 'dark', 'pattern']),
    useGradient: z.boolean(),
    informationType: informationTypeSchema,
  });
  const file = z.strictObject({
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
    customCss: fileRef.nullable(),
    /** Per culture, texts that replace the defaults (apps/server/src/translations/defaults). */
    translations: z.record(languageSchema, brandTextsSchema).default({}),
  });
  /** The keys an object of the file may have, by where it sits: for "did you mean" on an unknown key. */
  const knownKeysAt = (at: readonly PropertyKey[]): readonly string[] => {
    const where = at.filter((part) => typeof part === 'string').join('.');
    const shape = { '': file, styling: stylingSchema, pageAvailability: pageAvailabilityEntrySchema, termsUrls: termsUrlsSchema, payoutReview: payoutReviewSchema }[where];
    return shape ? Object.keys(shape.shape) : [];
  };
  return { file, knownKeysAt };
}

/** Largest image `brands import` takes (2 MB) and stylesheet (256 KB), by their bytes. */
export const MAX_BRAND_IMAGE_BYTES = 2 * 1024 * 1024;
export const MAX_BRAND_CSS_BYTES = 256 * 1024;

/** The largest PUT draft body: four images of 2 MB and the stylesheet as base64 `data:` URLs, with the rest. */
export const MAX_BRAND_DRAFT_BODY_BYTES = 12 * 1024 * 1024;

/**
 * An image or the stylesheet in the back office's brand file, one of:
 * - the URL the published brand answers for it, unchanged (`/api/assets/{slug}/{name}?v=…`,
 *   `/api/css/theme/{slug}/custom.css?v=…`): keep what is published;
 * - the URL GET draft answered for it (`/admin/preview/{code}/files/{sha256}`): keep it;
 * - a `data:` URL (`data:image/svg+xml;base64,…`, `data:text/css;base64,…`): new content. Images
 *   as SVG, PNG, JPEG, WebP or GIF (the e-mail logo PNG, JPEG or GIF), at most 2 MB; CSS 256 KB.
 * Anything else answers 400 INVALID_BRAND at that field's path.
 */
export const brandFileUrlField = z.string().min(1).max(4_000_000);

const adminBrandFile = brandFileObjectWith(brandFileUrlField);
/** The brand file as the back office reads and writes it (the shape `brands export` writes, files as URLs). */
export const adminBrandFileSchema = adminBrandFile.file;
/** What the back office sends (defaults may be left out). */
export type AdminBrandFileInput = z.input<typeof adminBrandFileSchema>;
/** What the server answers (defaults filled in). */
export type AdminBrandFile = z.output<typeof adminBrandFileSchema>;
export const adminBrandFileKnownKeysAt = adminBrandFile.knownKeysAt;

/** A problem (400 INVALID_BRAND `problems`) or a warning (contrast) at a dotted path of the file: `translations.nl.balance__title`, `styling.logo`. */
export const brandProblemSchema = z.object({ path: z.string(), message: z.string() });
export type BrandProblem = z.infer<typeof brandProblemSchema>;

/** 400 INVALID_BRAND: `{code: 'INVALID_BRAND', message, problems}`; nothing was stored. */
export const invalidBrandErrorSchema = z.object({ code: z.literal('INVALID_BRAND'), message: z.string(), problems: z.array(brandProblemSchema) });
export type InvalidBrandError = z.infer<typeof invalidBrandErrorSchema>;

/** GET /admin/api/brands/{code}: the published brand. */
export const publishedBrandSchema = z.object({ file: adminBrandFileSchema, version: z.number().int().min(1).nullable() });
export type PublishedBrand = z.infer<typeof publishedBrandSchema>;

/**
 * GET /admin/api/brands/{code}/draft: the draft, or the published file when there is none
 * (`updatedAt`, `updatedBy` null). Its images and stylesheet always at their preview file URLs
 * (`/admin/preview/{code}/files/{sha256}`, served to staff of the brand on the back office's own
 * host); PUT takes them back unchanged. `basedOnVersion`: the version published when the draft was
 * started (null before the first version exists).
 */
export const brandDraftSchema = z.object({
  file: adminBrandFileSchema,
  updatedAt: z.iso.datetime().nullable(),
  updatedBy: z.string().nullable(),
  basedOnVersion: z.number().int().min(1).nullable(),
});
export type BrandDraft = z.infer<typeof brandDraftSchema>;

/** PUT /admin/api/brands/{code}/draft answers the stored draft and the contrast warnings (not refused). */
export const savedBrandDraftSchema = brandDraftSchema.extend({ warnings: z.array(brandProblemSchema) });
export type SavedBrandDraft = z.infer<typeof savedBrandDraftSchema>;

/**
 * One difference between two brand files, by dotted path (`name`, `styling.logo`,
 * `translations.nl.balance__title`, `pageAvailability.BALANCE`): `before` or `after` null when the
 * value is absent on that side; images and the stylesheet as `sha256:<hex>` of their content.
 */
export const brandChangeSchema = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type BrandChange = z.infer<typeof brandChangeSchema>;

/** GET /admin/api/brands/{code}/draft/diff: what publishing the draft changes (empty: nothing). */
export const brandDiffSchema = z.object({ changes: z.array(brandChangeSchema) });
export type BrandDiff = z.infer<typeof brandDiffSchema>;

/** POST /admin/api/brands/{code}/publish (body `{}`): the new version's number. */
export const publishBrandRequestSchema = z.strictObject({});
export const publishedVersionSchema = z.object({ version: z.number().int().min(1) });

/**
 * GET /admin/api/brands/{code}/versions, newest first. Version 1 is the brand as it was before its
 * first publish here (`publishedBy` null: the operator's import); `changes` counts the differences
 * from the version before.
 */
export const brandVersionSchema = z.object({
  version: z.number().int().min(1),
  publishedAt: z.iso.datetime(),
  publishedBy: z.string().nullable(),
  changes: z.number().int().min(0),
});
export const brandVersionListSchema = z.object({ items: z.array(brandVersionSchema) });
export type BrandVersion = z.infer<typeof brandVersionSchema>;

/** POST /admin/api/brands/{code}/versions/{n}/restore (body `{}`): version n is now the draft, as GET draft answers it. */
export const restoreBrandVersionRequestSchema = z.strictObject({});
export const restoredBrandDraftSchema = brandDraftSchema;

/** GET /admin/api/text-defaults: Tessera's own texts per language, by key (the editor shows them beside the brand's). */
export const textDefaultsSchema = z.object({ languages: z.record(languageSchema, z.record(z.string(), z.string())) });
export type TextDefaults = z.infer<typeof textDefaultsSchema>;

/** The flows as the portal's paths name them (`balance`, `visa`, ...): the preview's `{flow}`. */
export const PREVIEW_FLOWS = Object.values(flowSegments);
export type PreviewFlow = (typeof PREVIEW_FLOWS)[number];

/**
 * GET /admin/preview/{code}/{flow}?lng=: the portal's page of that flow rendered with the draft
 * (HTML, for an iframe of the back office; staff of the brand with brand.manage only).
 */
export function adminPreviewUrl(code: string, flow: FlowCode | PreviewFlow, lng?: string): string {
  const segment = (flowSegments as Record<string, string>)[flow] ?? flow;
  const path = `/admin/preview/${encodeURIComponent(code)}/${encodeURIComponent(segment)}`;
  return lng ? `${path}?lng=${encodeURIComponent(lng)}` : path;
}
