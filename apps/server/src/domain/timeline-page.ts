/**
 * A card's timeline is read from several tables (the ledger, audit events, messages, payouts,
 * the registration, notes), each in its own indexed query, and merged newest first. Entries are
 * ordered by (time, source, id) descending: time first, the source's rank to order entries of
 * the same instant from different tables, the row id within a table. A page's cursor is that
 * triple of its last entry, so the next page starts right after it without OFFSET, however long
 * the timeline is, and no entry is skipped or repeated when entries of one instant straddle two
 * pages.
 */

export const TIMELINE_SOURCES = ['registration', 'payout', 'message', 'audit', 'ledger', 'note'] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

export interface TimelinePosition {
  at: string;
  source: TimelineSource;
  id: string;
}

const rankOf = (source: TimelineSource) => TIMELINE_SOURCES.indexOf(source);

/** Newest first: later time, then higher source rank, then higher id. */
export function compareNewestFirst(a: TimelinePosition, b: TimelinePosition): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.source !== b.source) return rankOf(b.source) - rankOf(a.source);
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/**
 * What one source's query must answer to start after `cursor`: rows before `at`, and rows at
 * `at` itself when the source sorts below the cursor's (all of them) or is the cursor's own (those
 * with a lower id).
 */
export interface SourceBound {
  at: string;
  /** Rows at exactly `at` are included: all of them, or (with `idBelow`) those with a lower id. */
  sameInstant: 'none' | 'all' | 'idBelow';
  id: string;
}

export function boundFor(source: TimelineSource, cursor: TimelinePosition): SourceBound {
  const own = rankOf(source);
  const theirs = rankOf(cursor.source);
  return { at: cursor.at, id: cursor.id, sameInstant: own < theirs ? 'all' : own === theirs ? 'idBelow' : 'none' };
}

/** The opaque cursor of a position (base64url JSON). */
export function encodeCursor(position: TimelinePosition): string {
  return Buffer.from(JSON.stringify([position.at, position.source, position.id])).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this server made. */
export function decodeCursor(cursor: string): TimelinePosition | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [at, source, id] = value as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || !(TIMELINE_SOURCES as readonly unknown[]).includes(source)) return undefined;
    return { at, source: source as TimelineSource, id };
  } catch {
    return undefined;
  }
}

/**
 * One page from the sources' answers, each newest first and at most `size + 1` long: the `size`
 * newest of them all, and whether anything is left after them.
 */
export function mergePage<T extends TimelinePosition>(sources: readonly (readonly T[])[], size: number): { items: T[]; more: boolean } {
  const all = sources.flat().sort(compareNewestFirst);
  return { items: all.slice(0, size), more: all.length > size };
}
