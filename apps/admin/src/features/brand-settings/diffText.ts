import type { Translate } from '../../lib/i18n';
import { placeOf } from './brandForm';

/** A change's path as the person knows it: the field's label, a text's key and language. */
export function changeLabel(path: string, t: Translate): string {
  const place = placeOf(path);
  if (place.kind === 'text') return t('brand.diff.text', { key: place.key, language: place.language.toUpperCase() });
  if (place.kind === 'field') return t(place.field.label);
  const flow = /^pageAvailability\.([A-Z]+)$/.exec(path);
  if (flow) return t('brand.diff.flow', { flow: flow[1]! });
  return path;
}

/** Longest value shown in full; the diff is for reading, not for copying a whole stylesheet. */
const MAX_SHOWN = 160;

/**
 * A value before or after: a file by the start of its content hash, a text the brand does not
 * have as Tessera's own (which is then shown), anything else absent as a dash, the rest as written.
 */
export function changeValue(path: string, value: unknown, t: Translate, defaults: Record<string, Record<string, string>>): string {
  if (value === null || value === undefined) {
    const place = placeOf(path);
    const fallback = place.kind === 'text' ? defaults[place.language]?.[place.key] : undefined;
    return fallback === undefined ? t('brand.diff.absent') : t('brand.diff.default', { text: fallback });
  }
  if (typeof value === 'string') {
    const file = /^sha256:([0-9a-f]{8})/.exec(value);
    if (file) return t('brand.diff.file', { hash: file[1]! });
    return value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
  }
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  const json = JSON.stringify(value);
  return json.length > MAX_SHOWN ? `${json.slice(0, MAX_SHOWN)}…` : json;
}
