import { type AuditEvent, recordAuditEvent } from '../../db/repositories/audit.js';
import type { Executor } from '../../db/repositories/executor.js';
import { staffClient } from '../../domain/staff-actor.js';
import type { StaffActor } from '../../card-commands/actor.js';

/**
 * An audit event of a back-office action, in the caller's transaction: by the staff member's
 * e-mail, with the grant used, the request id and the truncated address in its detail. The
 * e-mail goes where the actor is read from today (domain/staff-actor.ts); the grant, request and
 * address move to columns of their own once audit events have them.
 */
export async function recordStaffEvent(
  db: Executor,
  actor: StaffActor,
  event: Pick<AuditEvent, 'type' | 'outcome' | 'brandId' | 'cardId'> & { detail?: string | null },
  at: string,
): Promise<void> {
  const grant = `${actor.grant.role}@${actor.grant.brand ?? 'all'}`;
  const context = `grant ${grant}, request ${actor.requestId}, from ${actor.client ?? 'unknown'}`;
  await recordAuditEvent(
    db,
    {
      type: event.type,
      outcome: event.outcome,
      brandId: event.brandId ?? null,
      cardId: event.cardId ?? null,
      client: staffClient(actor.email),
      detail: event.detail ? `${event.detail} (${context})` : context,
    },
    at,
  );
}
