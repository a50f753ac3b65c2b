import { auditActorFields } from '../../card-commands/actor.js';
import { recordAuditEvent } from '../../db/repositories/audit.js';
import type { Executor } from '../../db/repositories/executor.js';
import { noteWebhookEndpointDelivered, noteWebhookEndpointFailed, pauseWebhookEndpoint, switchOffWebhookEndpoint } from '../../db/repositories/webhooks.js';
import { endpointPauseMs, failedLongEnough, SWITCH_OFF_AFTER_MS } from '../../domain/webhook-endpoint-health.js';

/**
 * Keeps an endpoint's health after each attempt (docs/decisions/039), in the database so every
 * server process shares it: a delivery makes it healthy; a failure adds one to its failures in a
 * row, rests it for its own backoff, and switches it off once it has failed for 5 days without a
 * delivery (audited as the system's doing).
 */
export async function noteWebhookOutcome(db: Executor, endpointId: string, delivered: boolean, now: Date): Promise<void> {
  if (delivered) {
    await noteWebhookEndpointDelivered(db, endpointId);
    return;
  }
  const at = now.toISOString();
  const health = await noteWebhookEndpointFailed(db, endpointId, at);
  if (!health) return;
  await pauseWebhookEndpoint(db, endpointId, new Date(now.getTime() + endpointPauseMs(health.consecutive_failures)).toISOString());
  if (health.switched_off_at !== null || !failedLongEnough(health.failing_since, now)) return;
  // Conditional again in the statement, so of two processes failing at once one switches it off.
  const failingBefore = new Date(now.getTime() - SWITCH_OFF_AFTER_MS).toISOString();
  if (await switchOffWebhookEndpoint(db, endpointId, at, failingBefore)) {
    await recordAuditEvent(
      db,
      {
        type: 'webhook.switch_off',
        ...auditActorFields({ kind: 'system', what: 'webhook-health' }),
        outcome: 'switched_off',
        brandId: health.brand_id,
        detail: `${endpointId} ${hostOf(health.url)}: failing since ${health.failing_since}, ${health.consecutive_failures} attempts in a row`,
      },
      at,
    );
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '***';
  }
}
