import { z } from 'zod';
import { FLOW_CODES } from '../flows.js';

/** docs/product/common.md#brands-and-themes information type enumeration. */
export const InformationType = {
  None: 0,
  Tooltip: 1,
  ContainerAbove: 2,
  ContainerBelow: 3,
  ContainerBeneath: 4,
} as const;
export type InformationType = (typeof InformationType)[keyof typeof InformationType];

export const informationTypeSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
]);

export const languageSchema = z.string().regex(/^[a-z]{2}$/, 'a two-letter language code');

export const pageAvailabilitySchema = z.object({
  code: z.enum(FLOW_CODES),
  isAvailable: z.boolean(),
  availableLanguages: z.array(languageSchema),
});
export type PageAvailability = z.infer<typeof pageAvailabilitySchema>;

export const stylingSchema = z.object({
  /** URLs (served by Tessera itself) or null. */
  logo: z.string().nullable(),
  headerImage: z.string().nullable(),
  /**
   * The poster image of the page shell (docs/product/common.md#page-shell), typically a picture of
   * the card.
   */
  posterImage: z.string().nullable(),
  addSwoosh: z.boolean(),
  /** Name of a background variant the web app knows: 'plain', 'light', 'dark', 'pattern'. */
  backgroundVariant: z.string(),
  useGradient: z.boolean(),
  informationType: informationTypeSchema,
});
export type Styling = z.infer<typeof stylingSchema>;

/** GET /api/theme/{id}: what the web app needs to dress and gate a flow. */
export const themeSchema = z.object({
  code: z.string(),
  slug: z.string(),
  name: z.string(),
  styling: stylingSchema,
  pageAvailability: z.array(pageAvailabilitySchema),
  /** Flows whose card number fields offer the camera scanner. */
  scanningFlows: z.array(z.enum(FLOW_CODES)),
  /**
   * Terms links of the VISA code step (docs/product/visa.md#screens); null when the brand has none.
   */
  termsUrls: z.object({ terms: z.string(), privacy: z.string() }).nullable(),
});
export type Theme = z.infer<typeof themeSchema>;
