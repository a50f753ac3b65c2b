/**
 * Redirect entries (docs/product/common.md#callback): a flow that leaves the portal (identity
 * check) stores JSON with at least `url` in localStorage under a generated state id; /callback
 * reads it to come back.
 */
export interface RedirectEntry {
  url: string;
  [key: string]: unknown;
}

export function readRedirectEntry(state: string): RedirectEntry | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(state);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && typeof (parsed as RedirectEntry).url === 'string') {
      return parsed as RedirectEntry;
    }
  } catch {
    /* a malformed entry counts as none */
  }
  return null;
}

/** Only same-origin paths are followed, so a planted entry cannot send the user elsewhere. */
export function isSafeLocalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}
