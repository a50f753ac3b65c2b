/**
 * The card import's heap (docs/decisions/026, "Later: the import's heap"). The import streams: what
 * it holds at once is a batch being checked and one being written, about 20 MB of live objects for
 * any file. But V8 sizes its heap by how fast a program allocates, not by what it keeps, and the
 * import allocates fast: on Node 24, with no limit given, a 100 000-card import on SQLite peaked
 * at 359 MB of resident memory, a million-card one at 371 MB (the import is meant to stay under 250 MB).
 * With these limits the same imports peak at 207 and 212 MB, at about the same speed. They cannot
 * be set from inside a running process (the heap is configured at start), so the command runs in
 * a child process that gets them.
 */
export const IMPORT_HEAP_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=192'] as const;

/** Set in the child's environment, so it runs the import itself instead of starting another. */
export const IMPORT_HEAP_ENV = 'TESSERA_IMPORT_HEAP';

/**
 * The node arguments to run this command again with, in a child process, or null to run it here:
 * only `cards import`, only once, and not when whoever started the tool chose the heap's limits
 * themselves (on the command line or in NODE_OPTIONS).
 */
export function importHeapArguments(args: readonly string[], execArgv: readonly string[], env: Readonly<Record<string, string | undefined>>): string[] | null {
  const words = args.filter((a) => !a.startsWith('-'));
  if (words[0] !== 'cards' || words[1] !== 'import') return null;
  if (args.includes('--help') || args.includes('-h')) return null;
  if (env[IMPORT_HEAP_ENV] !== undefined) return null;
  const chosen = (flag: string) => flag.startsWith('--max-old-space-size') || flag.startsWith('--max-semi-space-size');
  if (execArgv.some(chosen) || (env.NODE_OPTIONS ?? '').split(/\s+/).some(chosen)) return null;
  return [...execArgv, ...IMPORT_HEAP_FLAGS];
}
