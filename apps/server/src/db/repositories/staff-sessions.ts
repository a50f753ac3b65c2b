import type { Selectable } from 'kysely';
import type { StaffSessionsTable } from '../schema.js';
import type { Executor } from './executor.js';
import { preparedQuery } from '../prepared.js';

export type StaffSessionRow = Selectable<StaffSessionsTable>;

export async function insertStaffSession(db: Executor, session: StaffSessionRow): Promise<void> {
  await db.insertInto('staff_sessions').values(session).execute();
}

/** By the id's keyed hash under any configured index key version; ended sessions too (the caller decides). */
export async function findStaffSession(db: Executor, idHashes: readonly string[]): Promise<StaffSessionRow | undefined> {
  // Every back office call reads its session: prepared for the usual one index key; a rotation's
  // two versions take the general query.
  if (idHashes.length === 1) return (await sessionByHash(db, { idHash: idHashes[0]! }))[0];
  return db.selectFrom('staff_sessions').selectAll().where('id_hash', 'in', idHashes).executeTakeFirst();
}

const sessionByHash = preparedQuery((db, p: { idHash: string }) => db.selectFrom('staff_sessions').selectAll().where('id_hash', '=', p.idHash));

/** A call on the session: only when the last recorded one is older than `staleBefore` (writes throttled). */
export async function touchStaffSession(db: Executor, idHash: string, now: string, staleBefore: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).where('last_seen_at', '<', staleBefore).execute();
}

export async function endStaffSession(db: Executor, idHash: string, now: string): Promise<boolean> {
  const result = await db.updateTable('staff_sessions').set({ ended_at: now }).where('id_hash', '=', idHash).where('ended_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sessions past their 12 hours carry nothing anyone may use; answers how many went. */
export async function deleteOldStaffSessions(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
