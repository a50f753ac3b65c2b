import { FLOW_CODES, type FlowCode } from '@tessera/contracts';
import { PAYOUT_REVIEW_DEFAULTS, type AdminBrandFile, type AdminBrandFileInput, type BrandProblem } from '@tessera/contracts/admin';
import type { TextKey } from '../../lib/i18n';

/**
 * The editor's form holds the brand file itself (so the contract's schema checks it as the server
 * will, and the server's problem paths are the form's field names), made complete first: every
 * flow listed once in a fixed order, the payout review with its defaults written out, no image
 * left undefined.
 */
export type BrandForm = AdminBrandFileInput & {
  styling: AdminBrandFileInput['styling'] & { emailLogo: string | null };
  payoutReview: NonNullable<AdminBrandFile['payoutReview']>;
};

export function toFormValues(file: AdminBrandFile): BrandForm {
  const { $schema: _schema, ...rest } = file;
  return {
    ...rest,
    styling: { ...file.styling, emailLogo: file.styling.emailLogo ?? null },
    pageAvailability: FLOW_CODES.map((code) => file.pageAvailability.find((entry) => entry.code === code) ?? { code, isAvailable: false, availableLanguages: [] }),
    payoutReview: { ...PAYOUT_REVIEW_DEFAULTS, ...file.payoutReview },
    translations: file.translations ?? {},
  };
}

/**
 * The file to send from the form's values: only texts that differ from Tessera's, and the payout
 * review left out when the brand never set it and it still holds the defaults (the form writes
 * them out to show them; sending them would make a change of nothing).
 */
export function toBrandFile(values: BrandForm, original: AdminBrandFile, defaults: Record<string, Record<string, string>>): AdminBrandFileInput {
  const { payoutReview, ...rest } = values;
  const unchangedDefaults = original.payoutReview === undefined && (Object.keys(PAYOUT_REVIEW_DEFAULTS) as (keyof typeof PAYOUT_REVIEW_DEFAULTS)[]).every((key) => payoutReview[key] === PAYOUT_REVIEW_DEFAULTS[key]);
  return {
    ...rest,
    ...(unchangedDefaults ? {} : { payoutReview }),
    translations: changedTexts((values.translations ?? {}) as Record<string, Record<string, string>>, defaults),
  };
}

/** The tab of the editor a field is on. */
export type EditorTab = 'settings' | 'texts' | 'versions';

/** A field of the settings form: its name in the form (the file's dotted path) and its label. */
export interface FieldInfo {
  name: string;
  label: TextKey;
}

const flowIndex = (code: FlowCode) => FLOW_CODES.indexOf(code);

/** Every field of the settings tab, in the order shown: where a problem at a path is shown. */
export const SETTINGS_FIELDS: readonly FieldInfo[] = [
  { name: 'name', label: 'brand.field.name' },
  { name: 'styling.backgroundVariant', label: 'brand.field.backgroundVariant' },
  { name: 'styling.useGradient', label: 'brand.field.useGradient' },
  { name: 'styling.addSwoosh', label: 'brand.field.addSwoosh' },
  { name: 'styling.informationType', label: 'brand.field.informationType' },
  { name: 'styling.logo', label: 'brand.field.logo' },
  { name: 'styling.headerImage', label: 'brand.field.headerImage' },
  { name: 'styling.posterImage', label: 'brand.field.posterImage' },
  { name: 'styling.emailLogo', label: 'brand.field.emailLogo' },
  ...FLOW_CODES.flatMap((code) => [
    { name: `pageAvailability.${flowIndex(code)}.isAvailable`, label: `brand.flow.${code}` as TextKey },
    { name: `pageAvailability.${flowIndex(code)}.availableLanguages`, label: `brand.flow.${code}` as TextKey },
  ]),
  { name: 'pageAvailability', label: 'brand.section.flows' },
  { name: 'scanningFlows', label: 'brand.field.scanning' },
  { name: 'payoutFee', label: 'brand.field.payoutFee' },
  { name: 'replacementMinimum', label: 'brand.field.replacementMinimum' },
  { name: 'payoutReview.ibanOtherCards', label: 'brand.field.ibanOtherCards' },
  { name: 'payoutReview.ibanWindowDays', label: 'brand.field.ibanWindowDays' },
  { name: 'payoutReview.identityMonthlyLimit', label: 'brand.field.identityMonthlyLimit' },
  { name: 'payoutReview.blockList', label: 'brand.field.blockList' },
  { name: 'payoutReview.guessingWindowHours', label: 'brand.field.guessingWindowHours' },
  { name: 'termsUrls.terms', label: 'brand.field.terms' },
  { name: 'termsUrls.privacy', label: 'brand.field.privacy' },
  { name: 'termsUrls', label: 'brand.field.hasTerms' },
  { name: 'embedOrigins', label: 'brand.field.embedOrigins' },
  { name: 'customCss', label: 'brand.field.customCss' },
];

/** Where a problem the server answered is shown: a field of the settings tab, a text, or only in the summary. */
export type ProblemPlace =
  | { kind: 'field'; field: FieldInfo }
  | { kind: 'text'; language: string; key: string }
  | { kind: 'other' };

/**
 * The field a dotted path belongs to: the field itself, else the nearest field that holds it
 * (`embedOrigins.2` is the origins' text area, `pageAvailability.3.availableLanguages.0` that
 * flow's languages); `translations.{language}.{key}` is that text of the texts tab.
 */
export function placeOf(path: string): ProblemPlace {
  const parts = path.split('.');
  if (parts[0] === 'translations' && parts.length >= 3) return { kind: 'text', language: parts[1]!, key: parts.slice(2).join('.') };
  for (let length = parts.length; length > 0; length--) {
    const name = parts.slice(0, length).join('.');
    const field = SETTINGS_FIELDS.find((f) => f.name === name);
    if (field) return { kind: 'field', field };
  }
  return { kind: 'other' };
}

/** The problems of the texts tab, by language and key. */
export function textProblemsOf(problems: readonly BrandProblem[]): Map<string, string> {
  const byText = new Map<string, string>();
  for (const problem of problems) {
    const place = placeOf(problem.path);
    if (place.kind === 'text') byText.set(`${place.language}.${place.key}`, problem.message);
  }
  return byText;
}

/**
 * Only the texts that differ from Tessera's own: an override equal to the default, or left
 * empty, is no override. Languages left without any drop out.
 */
export function changedTexts(translations: Record<string, Record<string, string>>, defaults: Record<string, Record<string, string>>): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const [language, texts] of Object.entries(translations)) {
    const own = Object.entries(texts).filter(([key, text]) => text.trim() !== '' && text !== defaults[language]?.[key]);
    if (own.length > 0) result[language] = Object.fromEntries(own);
  }
  return result;
}
