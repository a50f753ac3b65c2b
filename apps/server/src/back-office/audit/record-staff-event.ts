import { auditActorFields, type StaffActor } from '../../card-commands/actor.js';
import { type AuditEvent, recordAuditEvent } from '../../db/repositories/audit.js';
import type { Executor } from '../../db/repositories/executor.js';

/**
 * An audit event of a back-office action, in the caller's transaction, by the staff actor as the
 * card commands record one (`actor`, `actor_grant`, `request_id`, `client`).
 */
export async function recordStaffEvent(
  db: Executor,
  actor: StaffActor,
  event: Pick<AuditEvent, 'type' | 'outcome' | 'brandId' | 'cardId'> & { detail?: string | null },
  at: string,
): Promise<void> {
  await recordAuditEvent(
    db,
    { type: event.type, outcome: event.outcome, brandId: event.brandId ?? null, cardId: event.cardId ?? null, detail: event.detail ?? null, ...auditActorFields(actor) },
    at,
  );
}
