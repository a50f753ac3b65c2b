import type { Translations } from '@tessera/contracts';
import { findBrandTranslations } from '../db/repositories/brand-translations.js';
import type { Executor } from '../db/repositories/executor.js';
import { DEFAULT_TRANSLATIONS } from './defaults.js';

/**
 * The texts of one brand in one language: the default texts with the brand's overrides on top.
 * A language without defaults gives the brand's overrides alone. GET /api/translations and the
 * e-mails the server composes read texts through this, so both say the same.
 */
export async function brandTexts(db: Executor, brandId: string, culture: string): Promise<Translations> {
  const overrides = await findBrandTranslations(db, brandId, culture);
  return { ...(DEFAULT_TRANSLATIONS[culture] ?? {}), ...overrides };
}

/** Fills {{name}} placeholders; an unknown name stays as it is written. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => values[name] ?? whole);
}
