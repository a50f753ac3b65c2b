import { FALLBACK_LANGUAGE, languageSchema, type Translations } from '@tessera/contracts';
import { z } from 'zod';
import { brandTexts } from '../../translations/brand-texts.js';
import type { ServiceDeps } from '../../deps.js';
import { requireKnownBrand } from '../../customer-call/brand-gate.js';

/** ?culture=: two letters in any case (the document publishes the same pattern), nl when absent. */
export const cultureQuerySchema = z.object({
  culture: z.string().regex(/^[A-Za-z]{2}$/, 'a two-letter language code').toLowerCase().pipe(languageSchema).default(FALLBACK_LANGUAGE),
});

/**
 * GET /api/translations/{slug}?culture=: the default texts of the culture with the brand's
 * overrides on top. A culture without defaults answers the brand's overrides alone (often {}),
 * so the web app falls back to nl for what is missing.
 */
export async function getTranslations(deps: ServiceDeps, slug: string, culture: string): Promise<Translations> {
  const { brand } = await requireKnownBrand(deps.brands, slug);
  return brandTexts(deps.db, brand.id, culture);
}
