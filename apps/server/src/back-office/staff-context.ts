import type { StaffGrant } from '@tessera/contracts/admin';
import type { StaffActor } from '../card-commands/actor.js';

/** Who calls a back office route and with which grant: what the permission guard hands the handler. */
export interface StaffContext {
  email: string;
  /** Every grant of the caller, read on this call. */
  grants: readonly StaffGrant[];
  /** The grant that allowed this call's action on its brand. */
  grant: StaffGrant;
  /** The brands the caller may do this route's action on: 'all' or their codes (brandsFor). */
  brands: 'all' | string[];
  /** The client's address, truncated as audit events keep it. */
  client: string | null;
  requestId: string;
}

/** The caller as the card commands and the audit trail name an actor: the one mapping from a back office call. */
export const staffActorOf = (ctx: StaffContext): StaffActor => ({ kind: 'staff', email: ctx.email, grant: ctx.grant, client: ctx.client, requestId: ctx.requestId });
