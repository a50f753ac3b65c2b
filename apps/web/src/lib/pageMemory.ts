/**
 * What a flow holds per brand (by slug) in this page's memory only: never in web storage, so a
 * reload or another tab does not have it (docs/security.md#browser-storage). For secrets (card
 * numbers, security codes, IBANs) between the screen that takes them and the call that uses them.
 */
export interface PageMemory<T> {
  get: (slug: string) => T | null;
  set: (slug: string, value: T) => void;
  clear: (slug: string) => void;
  /** Tests: forget every brand's value. */
  clearAll: () => void;
}

export function pageMemory<T>(): PageMemory<T> {
  const values = new Map<string, T>();
  return {
    get: (slug) => values.get(slug) ?? null,
    set: (slug, value) => void values.set(slug, value),
    clear: (slug) => void values.delete(slug),
    clearAll: () => values.clear(),
  };
}
