import type { FlowCode, Theme, Translations } from '@tessera/contracts';

/**
 * What a server-rendered page carries for the web app to take over without an API call
 * (docs/decisions/022): the brand's theme and the texts of the language the server chose. It
 * travels in `<script type="application/json" id="tessera-state">`: a data block, which the content
 * security policy lets through because it never runs.
 */
export interface ServerState {
  slug: string;
  flow: FlowCode;
  lng: string;
  theme: Theme;
  texts: Translations;
}

export const SERVER_STATE_ID = 'tessera-state';

/** The JSON for the data block, safe inside HTML: no `<` (so no `</script>`), and no line separators. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The state of a server-rendered page, or null for a page the browser renders itself. The block
 * is removed once read: it has served its purpose, and the page's text is the page's.
 */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}

/**
 * A server-rendered page arrives inert (nothing can be typed into or pressed): typed before React
 * has taken the form over, a card number would show in the field and be missing from the form.
 * The first screen shown (PageShell, the embed) makes it interactive once it is hydrated.
 */
export function markPageInteractive(): void {
  document.getElementById('root')?.removeAttribute('inert');
}
