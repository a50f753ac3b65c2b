import { translationsSchema, type Translations } from '@tessera/contracts';
import en from './defaults/en.json' with { type: 'json' };
import nl from './defaults/nl.json' with { type: 'json' };

/**
 * The default texts, bundled into the server at build time (no file lookups at run time).
 * Validated once at start so a broken translation file fails loudly instead of per request.
 */
export const DEFAULT_TRANSLATIONS: Readonly<Record<string, Translations>> = {
  nl: translationsSchema.parse(nl),
  en: translationsSchema.parse(en),
};
