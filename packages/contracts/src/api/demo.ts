import { z } from 'zod';
import { FLOW_CODES } from '../flows.js';
import { languageSchema } from './theme.js';

/**
 * GET /api/demo/brands (demo mode only): every brand with the flows it offers, in flow order,
 * for the demo home page at `/` (docs/product/common.md#demo-mode).
 */
export const demoBrandSchema = z.object({
  code: z.string(),
  slug: z.string(),
  name: z.string(),
  flows: z.array(z.object({ code: z.enum(FLOW_CODES), languages: z.array(languageSchema) })),
});
export type DemoBrand = z.infer<typeof demoBrandSchema>;

export const demoBrandsSchema = z.array(demoBrandSchema);
