import type { FlowCode } from '../flows.js';

/**
 * One screen of a flow: its route pattern inside the flow's area and the link to it. Both come from
 * one declaration (`flowRoutes`), so a path is never spelled twice.
 */
export interface FlowRoute<P extends string = string> {
  /**
   * The pattern relative to the flow's area (`/:slug/<segment>`), without a leading slash: `''` is
   * the area itself, a trailing `/*` also matches everything below.
   */
  readonly pattern: P;
  /** The absolute path of the screen for a brand (the slug URI-encoded). */
  readonly path: (slug: string) => string;
}

export type FlowRoutes<T extends Record<string, string>> = { readonly [K in keyof T]: FlowRoute<T[K]> };

/**
 * A flow's route table from its patterns, relative to the flow's area segment. Each flow declares
 * its table in a module of its own (routes/<flow>.ts): one object's unused members are not
 * tree-shaken, and the first BALANCE screen should carry only BALANCE's table (docs/decisions/003).
 */
export function flowRoutes<const T extends Record<string, string>>(segment: string, patterns: T): FlowRoutes<T> {
  const table: Record<string, FlowRoute> = {};
  for (const [key, pattern] of Object.entries(patterns)) {
    // A link names a screen, not a wildcard: `embed/balance/*` links to `…/embed/balance`.
    const tail = pattern.replace(/\/?\*$/, '');
    table[key] = { pattern, path: (slug) => `/${encodeURIComponent(slug)}/${segment}${tail && `/${tail}`}` };
  }
  return table as FlowRoutes<T>;
}

/**
 * Path segment (after the slug) of each flow's area, for the web app's route table. The spec
 * mounts IDENTIFY under both `Identify` (the route) and `identify` (navigation); see
 * `flowSegmentAliases`.
 */
export const flowSegments = {
  BALANCE: 'balance',
  VISA: 'visa',
  REPLACE: 'replace',
  PAYOUT: 'payout',
  IDENTIFY: 'identify',
  RESET: 'reset',
} as const satisfies Record<FlowCode, string>;

/**
 * Extra spellings a flow's area is mounted under (docs/product/README.md#routes: /{id}/Identify/*).
 */
export const flowSegmentAliases: Partial<Record<FlowCode, readonly string[]>> = {
  IDENTIFY: ['Identify'],
};

/** The web app's paths outside the flow areas (no brand in them): each is its own pattern. */
export const appPaths = {
  /** Demo mode: the list of demo brands and their flows; production redirects or answers 404. */
  home: '/',
  /**
   * Where the bank sends the cardholder back after identifying
   * (docs/product/visa.md#holder-information).
   */
  callback: '/callback',
} as const;
