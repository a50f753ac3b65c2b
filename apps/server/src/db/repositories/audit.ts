import { randomUUID } from 'node:crypto';
import type { Executor } from './executor.js';

/** What an audit event may hold: never a secret, a full card number or a full client address. */
export interface AuditEvent {
  type: string;
  outcome: string;
  brandId?: string | null;
  cardId?: string | null;
  flowType?: string | null;
  client?: string | null;
  detail?: string | null;
}

export async function recordAuditEvent(db: Executor, event: AuditEvent, now: string): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      occurred_at: now,
      type: event.type,
      outcome: event.outcome,
      brand_id: event.brandId ?? null,
      card_id: event.cardId ?? null,
      flow_type: event.flowType ?? null,
      client: event.client ?? null,
      detail: event.detail ?? null,
    })
    .execute();
}
