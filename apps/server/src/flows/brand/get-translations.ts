import { languageSchema, type Translations } from '@tessera/contracts';
import { z } from 'zod';
import { brandTexts } from '../../translations/brand-texts.js';
import type { ServiceDeps } from '../../deps.js';
import { requireKnownBrand } from '../../customer-call/brand-gate.js';
import { parseOrThrow } from '../../customer-call/validate.js';

const cultureSchema = z.string().trim().toLowerCase().pipe(languageSchema);

/**
 * GET /api/translations/{slug}?culture=: the default texts of the culture with the brand's
 * overrides on top. A culture without defaults answers the brand's overrides alone (often {}),
 * so the web app falls back to nl for what is missing.
 */
export async function getTranslations(deps: ServiceDeps, slug: string, culture: string): Promise<Translations> {
  const { brand } = await requireKnownBrand(deps.brands, slug);
  const lang = parseOrThrow(cultureSchema, culture);
  return brandTexts(deps.db, brand.id, lang);
}
