import { randomBytes } from 'node:crypto';
import { PURPOSE } from '../crypto/index.js';
import { endStaffSession, findStaffSession, insertStaffSession, touchStaffSession } from '../db/repositories/staff-sessions.js';
import type { ServiceDeps } from '../deps.js';

/** A session ends after this long without a call (PCI DSS 8.2.8)... */
export const STAFF_IDLE_MS = 15 * 60_000;
/** ...and this long after sign-in, whatever happens. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;
/**
 * A call records itself at most this often: a busy screen does not write a row per call. The idle
 * limit counts from the last recorded call, so a session may end up to this much before 15
 * minutes after its very last call, never after.
 */
export const STAFF_TOUCH_EVERY_MS = 60_000;

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now'>;

const hashesOf = (deps: Deps, id: string) => deps.crypto.blindIndex.candidates(PURPOSE.staffSession, id);

/** A new session for a signed-in staff member: its id (the cookie's value), stored only as its keyed hash. */
export async function startStaffSession(deps: Deps, input: { email: string; amr: readonly string[]; userAgent: string | undefined }): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const now = deps.now();
  await insertStaffSession(deps.db, {
    id_hash: deps.crypto.blindIndex.of(PURPOSE.staffSession, id),
    email: input.email,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + STAFF_SESSION_MAX_MS).toISOString(),
    ended_at: null,
    amr: input.amr.join(','),
    user_agent: input.userAgent?.slice(0, 256) ?? null,
  });
  return id;
}

/**
 * The e-mail address of the live session with this id, recording the call; undefined when there
 * is none: unknown, ended, idle for 15 minutes or 12 hours old.
 */
export async function useStaffSession(deps: Deps, id: string | undefined): Promise<string | undefined> {
  if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const row = await findStaffSession(deps.db, hashesOf(deps, id));
  const now = deps.now().getTime();
  if (!row || row.ended_at !== null || Date.parse(row.expires_at) <= now || Date.parse(row.last_seen_at) + STAFF_IDLE_MS <= now) return undefined;
  if (Date.parse(row.last_seen_at) + STAFF_TOUCH_EVERY_MS <= now) {
    await touchStaffSession(deps.db, row.id_hash, new Date(now).toISOString(), new Date(now - STAFF_TOUCH_EVERY_MS).toISOString());
  }
  return row.email;
}

/** Sign-out: the session with this id ends; answers whose it was (undefined: unknown or ended already). */
export async function endStaffSessionById(deps: Deps, id: string | undefined): Promise<string | undefined> {
  if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const row = await findStaffSession(deps.db, hashesOf(deps, id));
  return row && (await endStaffSession(deps.db, row.id_hash, deps.now().toISOString())) ? row.email : undefined;
}
