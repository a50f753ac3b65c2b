import { FALLBACK_LANGUAGE, languageSchema, type Translations } from '@tessera/contracts';
import { z } from 'zod';
import { brandTexts } from '../../translations/brand-texts.js';
import type { ServiceDeps } from '../../deps.js';
import { requireKnownBrand } from '../../customer-call/brand-gate.js';

/** ?culture=: a language the portal knows, in any case, nl when absent. */
export const cultureQuerySchema = z.object({
  culture: z.string().max(16).trim().toLowerCase().pipe(languageSchema).default(FALLBACK_LANGUAGE),
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
