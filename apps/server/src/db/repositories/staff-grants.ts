import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@tessera/contracts/admin';
import type { Executor } from './executor.js';
import { preparedQuery } from '../prepared.js';

/** A grant as the back office and the CLI show it: the brand by its code (null: all brands). */
export interface StaffGrantListing {
  email: string;
  role: StaffRole;
  brand: string | null;
  grantedBy: string;
  grantedAt: string;
}

const listing = (db: Executor) =>
  db
    .selectFrom('staff_grants')
    .leftJoin('brands', 'brands.id', 'staff_grants.brand_id')
    .select(['staff_grants.email', 'staff_grants.role', 'brands.code as brand', 'staff_grants.granted_by as grantedBy', 'staff_grants.granted_at as grantedAt']);

/** One person's grants, read on every back office call (a revoked grant is refused at once). */
export async function findStaffGrants(db: Executor, email: string): Promise<{ role: StaffRole; brand: string | null }[]> {
  const rows = await grantsOf(db, { email });
  return rows.map((r) => ({ role: r.role, brand: r.brand }));
}

// Prepared: every back office call runs it.
const grantsOf = preparedQuery((db, p: { email: string }) =>
  listing(db).where('staff_grants.email', '=', p.email).orderBy('staff_grants.granted_at').orderBy('staff_grants.id'),
);

export async function listStaffGrants(db: Executor): Promise<StaffGrantListing[]> {
  return listing(db).orderBy('staff_grants.email').orderBy('staff_grants.role').orderBy('brands.code').execute();
}

/** Answers whether this call made the grant (false: it was there already). */
export async function insertStaffGrant(
  db: Executor,
  grant: { email: string; role: StaffRole; brandId: string | null; grantedBy: string; grantedAt: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('staff_grants')
    .values({ id: randomUUID(), email: grant.email, role: grant.role, brand_id: grant.brandId, granted_by: grant.grantedBy, granted_at: grant.grantedAt })
    // Either partial unique index (a brand's grant, or one on all brands) makes a repeat a no-op.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Answers whether this call removed the grant (false: there was none). */
export async function deleteStaffGrant(db: Executor, grant: { email: string; role: StaffRole; brandId: string | null }): Promise<boolean> {
  const result = await db
    .deleteFrom('staff_grants')
    .where('email', '=', grant.email)
    .where('role', '=', grant.role)
    .where('brand_id', grant.brandId === null ? 'is' : '=', grant.brandId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** How many admin grants on all brands there are (the last one may not be revoked). */
export async function countAllBrandAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('staff_grants')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'admin')
    .where('brand_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
