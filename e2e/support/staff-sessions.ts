import { inE2eDatabase } from './e2e-database';

/**
 * Makes the sessions of one browser idle for `minutes`, as if no call had come since: moves their
 * recorded last call back in the e2e server's own database (the server keeps sessions there and
 * reads them on every call, docs/decisions/030). A clock the browser cannot move otherwise. The
 * browser is told by its user agent (a session row keeps it), so the other tests' sessions of the
 * same demo staff member, running in parallel, stay as they are.
 */
export function idleSessionsOf(userAgent: string, minutes: number): number {
  const lastSeen = new Date(Date.now() - minutes * 60_000).toISOString();
  return inE2eDatabase((db) => db.prepare('update staff_sessions set last_seen_at = ? where user_agent = ? and ended_at is null').run(lastSeen, userAgent).changes);
}
