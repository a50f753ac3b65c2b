import type { BrandChange } from '@tessera/contracts/admin';
import type { StoredBrandFile } from './stored-brand.js';

/**
 * What differs between two states of a brand (stored form), by dotted path: `name`,
 * `styling.logo` (a `sha256:` reference: new content is a new value), `translations.nl.balance__title`,
 * `pageAvailability.BALANCE` (the flow's entry), `payoutReview.ibanWindowDays`. Lists
 * (`scanningFlows`, `embedOrigins`) compare as a whole. Pure: what a publish audits and the editor shows.
 */
export function brandDiff(before: StoredBrandFile | null, after: StoredBrandFile): BrandChange[] {
  const a = flatten(before ?? {});
  const b = flatten(after);
  const changes: BrandChange[] = [];
  for (const path of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const was = a.get(path);
    const is = b.get(path);
    if (JSON.stringify(was) !== JSON.stringify(is)) changes.push({ path, before: was ?? null, after: is ?? null });
  }
  return changes;
}

function flatten(file: object): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const visit = (value: unknown, path: string) => {
    if (value === undefined) return;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) visit(inner, path ? `${path}.${key}` : key);
      return;
    }
    out.set(path, value);
  };
  const { pageAvailability, ...rest } = file as Partial<StoredBrandFile>;
  visit(rest, '');
  for (const entry of pageAvailability ?? []) {
    const { code, ...settings } = entry;
    out.set(`pageAvailability.${code}`, settings);
  }
  return out;
}
