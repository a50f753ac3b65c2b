import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { parse } from 'regexparam';

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
