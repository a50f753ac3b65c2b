import type { StaffRole } from '@tessera/contracts/admin';
import type { Db } from '../db/database.js';
import { type AuditEvent, recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandByCode } from '../db/repositories/brands.js';
import { countAllBrandAdmins, deleteStaffGrant, insertStaffGrant, listStaffGrants, type StaffGrantListing } from '../db/repositories/staff-grants.js';
import type { Executor } from '../db/repositories/executor.js';
import { AppError } from '../errors.js';

/**
 * Grants of the back office, made and revoked by admins of all brands in the back office and by the
 * operator with `tessera staff` (the first admin is granted that way). Each change is audited in
 * its transaction (`staff.grant`, `staff.revoke`) with who made it.
 */

type Deps = { db: Db; now: () => Date };

export interface GrantChange {
  /** Lower case. */
  email: string;
  role: StaffRole;
  /** A brand code; null: all brands. */
  brand: string | null;
}

/** Who makes a change: the grant's `granted_by` and the audit event's actor fields (card-commands/actor.ts auditActorFields). */
export interface GrantActor {
  /** The staff member's e-mail address, or `operator:NAME`: the grant's `granted_by`. */
  name: string;
  audit: Pick<AuditEvent, 'actor' | 'actorGrant' | 'requestId' | 'client'>;
}

export type GrantOutcome = { changed: boolean; grant: GrantChange & { brand: string | null } };

async function brandIdOf(db: Executor, brand: string | null): Promise<{ id: string | null; code: string | null }> {
  if (brand === null) return { id: null, code: null };
  const row = await findBrandByCode(db, brand);
  if (!row) throw new AppError('NOT_FOUND', `No brand with code ${brand} exists.`);
  return { id: row.id, code: row.code };
}

const describe = (g: GrantChange) => `${g.email} ${g.role} ${g.brand === null ? 'all brands' : g.brand}`;

export async function grantStaff(deps: Deps, change: GrantChange, actor: GrantActor): Promise<GrantOutcome> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const brand = await brandIdOf(trx, change.brand);
    const grant = { ...change, brand: brand.code };
    const changed = await insertStaffGrant(trx, { email: change.email, role: change.role, brandId: brand.id, grantedBy: actor.name, grantedAt: at });
    if (changed) await recordAuditEvent(trx, { type: 'staff.grant', outcome: 'granted', brandId: brand.id, ...actor.audit, detail: describe(grant) }, at);
    return { changed, grant };
  });
}

/** Refuses (409 LAST_ADMIN) to revoke the last admin grant on all brands: someone must be left to grant. */
export async function revokeStaff(deps: Deps, change: GrantChange, actor: GrantActor): Promise<GrantOutcome> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const brand = await brandIdOf(trx, change.brand);
    const grant = { ...change, brand: brand.code };
    const changed = await deleteStaffGrant(trx, { email: change.email, role: change.role, brandId: brand.id });
    if (changed && change.role === 'admin' && brand.id === null && (await countAllBrandAdmins(trx)) === 0) {
      // Thrown inside the transaction: the delete rolls back.
      throw new AppError('LAST_ADMIN', 'This is the last admin grant on all brands; grant another admin first.');
    }
    if (changed) await recordAuditEvent(trx, { type: 'staff.revoke', outcome: 'revoked', brandId: brand.id, ...actor.audit, detail: describe(grant) }, at);
    return { changed, grant };
  });
}

export function listStaff(deps: { db: Db }): Promise<StaffGrantListing[]> {
  return listStaffGrants(deps.db);
}
