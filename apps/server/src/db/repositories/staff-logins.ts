import type { Selectable } from 'kysely';
import type { StaffLoginsTable } from '../schema.js';
import type { Executor } from './executor.js';

export type StaffLoginRow = Selectable<StaffLoginsTable>;

export async function insertStaffLogin(db: Executor, login: StaffLoginRow): Promise<void> {
  await db.insertInto('staff_logins').values(login).execute();
}

/**
 * Takes the sign-in of this state out of the table (under any index key version) and answers it:
 * a callback is finished once, even when the browser sends it twice at the same time.
 */
export async function takeStaffLogin(db: Executor, stateHashes: readonly string[]): Promise<StaffLoginRow | undefined> {
  const row = await db.selectFrom('staff_logins').selectAll().where('state_hash', 'in', stateHashes).executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom('staff_logins').where('state_hash', '=', row.state_hash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? row : undefined;
}

/** Sign-ins abandoned at the provider; answers how many went. */
export async function deleteExpiredStaffLogins(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('staff_logins').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
