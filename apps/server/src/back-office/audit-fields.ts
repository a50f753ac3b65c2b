import { auditActorFields } from '../card-commands/actor.js';
import { type StaffContext, staffActorOf } from './staff-context.js';

/**
 * What an audit event records of the staff member behind it, the one way for every event the back
 * office writes: `actor` the e-mail, `actor_grant` the grant used, `request_id`, and `client` the
 * truncated address (card-commands/actor.ts, as the card commands record a staff actor).
 */
export const staffAuditFields = (ctx: StaffContext) => auditActorFields(staffActorOf(ctx));

/** The same for signing in and out: no grant is used yet (or any more). */
export const staffSessionAuditFields = (email: string, client: string | null, requestId: string | null) =>
  auditActorFields({ kind: 'staff', email, grant: null, client, requestId });
