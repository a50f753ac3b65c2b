import { useCallback } from 'react';
import { useLocation, type BaseLocationHook } from 'wouter';
import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';
import { parse } from 'regexparam';
import { screensArriving } from './preloadable';

/**
 * Routing helpers on top of wouter. wouter matches paths case-insensitively (regexparam's `i`
 * flag); the top-level route table is case-sensitive (docs/product/README.md#routes: `/Identify`
 * and `/identify` are two spellings), so it uses this parser. Screens inside a flow area keep the
 * default.
 */
export function caseSensitiveParser(route: string, loose?: boolean): { pattern: RegExp; keys: string[] } {
  const { pattern, keys } = parse(route, loose);
  return { pattern: new RegExp(pattern.source), keys: keys as string[] };
}

/** The default, case-insensitive matching (inside a flow area, as before the move to wouter). */
export const caseInsensitiveParser = (route: string, loose?: boolean) =>
  parse(route, loose) as { pattern: RegExp; keys: string[] };

/**
 * A path from the typed route table (the flows' `…Routes` tables in contracts) is absolute; inside a nested area wouter would
 * resolve it against the area's base, so it is marked absolute with wouter's `~` prefix.
 */
export function absolute(path: string): string {
  return path.startsWith('/') ? `~${path}` : path;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** navigate(path) with absolute paths meaning the whole URL, wherever the caller is mounted. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const [, navigate] = useLocation();
  return useCallback((to: string, options?: NavigateOptions) => navigate(absolute(to), options), [navigate]);
}

/** How long a navigation waits for a screen that is on its way before it goes anyway. */
const SCREEN_WAIT_MS = 5_000;

/**
 * The browser's location, whose navigation waits for screens on their way (lib/preloadable.ts):
 * a flow's later screens start loading at the cardholder's first interaction, and the navigation
 * after an answer then shows the next screen at once instead of "Loading…". A load that
 * hangs holds a navigation back at most SCREEN_WAIT_MS; then the screen's Suspense covers it.
 */
export const useLocationAfterScreens: BaseLocationHook = (options) => [useBrowserLocation(options)[0], navigateAfterScreens];

function navigateAfterScreens(to: string, options?: Parameters<typeof browserNavigate>[1]): void {
  const arriving = screensArriving();
  if (!arriving) {
    browserNavigate(to, options);
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, SCREEN_WAIT_MS)));
  void Promise.race([arriving, gaveUp]).then(() => {
    clearTimeout(timer);
    browserNavigate(to, options);
  });
}
