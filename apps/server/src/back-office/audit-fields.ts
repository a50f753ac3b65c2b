import type { AuditEvent } from '../db/repositories/audit.js';
import type { StaffContext } from './staff-context.js';

/**
 * What an audit event records of the staff member behind it. Today the e-mail address goes in
 * `client`; when audit events get columns of their own for the actor and the grant used, this is
 * the one place that fills them.
 */
export function staffAuditFields(ctx: Pick<StaffContext, 'email'>): Required<Pick<AuditEvent, 'client'>> & { client: string } {
  return { client: `staff:${ctx.email}` };
}
