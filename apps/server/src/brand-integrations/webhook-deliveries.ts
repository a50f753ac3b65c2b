import { type Actor, auditActorFields } from '../card-commands/actor.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandById } from '../db/repositories/brands.js';
import { findMessageIdByDedupeKey, requeueMessage } from '../db/repositories/outbox.js';
import { type EndpointMessageRow, findEndpointMessage, listEndpointMessages, listWebhookDeliveries, type WebhookDeliveryRow } from '../db/repositories/webhooks.js';
import { recordTestWebhookEvent } from '../delivery/webhooks/events.js';
import { IntegrationRefusal } from './integration-refusal.js';
import { type EndpointRef, endpointOf } from './webhook-endpoints.js';

type Deps = { db: Db; crypto: Crypto; now: () => Date };

/** `tessera webhooks deliveries ID`: the endpoint's delivery attempts, newest first. */
export async function webhookAttempts(deps: { db: Db }, ref: EndpointRef, limit: number): Promise<WebhookDeliveryRow[]> {
  const endpoint = await endpointOf(deps.db, ref);
  return listWebhookDeliveries(deps.db, endpoint.id, limit);
}

/** The endpoint's deliveries (one per event), newest first: status, attempts, the last answer's status code, the next try. */
export async function webhookDeliveries(deps: { db: Db }, ref: EndpointRef, limit: number): Promise<EndpointMessageRow[]> {
  const endpoint = await endpointOf(deps.db, ref);
  return listEndpointMessages(deps.db, endpoint.id, limit);
}

/** A removed endpoint receives nothing, a switched-off one nothing until it is switched on: sending it more is refused. */
function refuseIfNotLive(endpoint: { id: string; removed_at: string | null; switched_off_at: string | null }): void {
  if (endpoint.removed_at !== null) throw new IntegrationRefusal('WEBHOOK_REMOVED', `Webhook ${endpoint.id} was removed; it receives nothing more.`);
  if (endpoint.switched_off_at !== null) {
    throw new IntegrationRefusal('WEBHOOK_SWITCHED_OFF', `Webhook ${endpoint.id} is switched off; switch it on first.`, ['"tessera webhooks switch-on ID" sends what it missed']);
  }
}

/**
 * Sends one delivery again at the workers' next look (the same requeue as `tessera outbox retry`):
 * a failed one whose content is still held is queued again from attempt 0, a pending one skips
 * its wait. Refused: a sent one, one whose content was erased, one being sent right now, and any
 * of an endpoint that is removed or switched off. Audited as webhook.retry.
 */
export async function retryWebhookDelivery(deps: Omit<Deps, 'crypto'>, ref: EndpointRef, deliveryId: string, actor: Actor): Promise<EndpointMessageRow> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await endpointOf(trx, ref);
    const delivery = await findEndpointMessage(trx, endpoint.id, deliveryId);
    if (!delivery) throw new IntegrationRefusal('NO_SUCH_DELIVERY', `Webhook ${endpoint.id} has no delivery ${deliveryId}.`);
    refuseIfNotLive(endpoint);
    if (delivery.status === 'sent') throw new IntegrationRefusal('NOT_RETRYABLE', `Delivery ${deliveryId} was delivered at ${delivery.sent_at}; nothing to retry.`);
    if (!delivery.has_content) throw new IntegrationRefusal('NOT_RETRYABLE', `Delivery ${deliveryId} cannot be sent again: its content was erased.`);
    if (delivery.lease_until !== null && delivery.lease_until > at) throw new IntegrationRefusal('NOT_RETRYABLE', `Delivery ${deliveryId} is being sent right now.`);
    if (!(await requeueMessage(trx, delivery.id, delivery.status, at))) throw new IntegrationRefusal('NOT_RETRYABLE', `Delivery ${deliveryId} changed while it was being retried.`);
    await recordAuditEvent(
      trx,
      {
        type: 'webhook.retry',
        ...auditActorFields(actor),
        outcome: delivery.status === 'failed' ? 'requeued' : 'due_now',
        brandId: endpoint.brand_id,
        detail: `${endpoint.id} delivery ${delivery.id} (${delivery.purpose}), was ${delivery.status} after ${delivery.attempts} attempts`,
      },
      at,
    );
    return (await findEndpointMessage(trx, endpoint.id, delivery.id))!;
  });
}

/**
 * Queues the test event (`webhook.test`) for this endpoint alone, signed and sent like any event.
 * Refused for a removed or switched-off endpoint. Audited as webhook.test. The caller wakes the
 * outbox worker after this commits.
 */
export async function sendTestWebhookEvent(deps: Deps, ref: EndpointRef, actor: Actor): Promise<{ eventId: string; delivery: EndpointMessageRow }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await endpointOf(trx, ref);
    refuseIfNotLive(endpoint);
    const brand = await findBrandById(trx, endpoint.brand_id);
    const eventId = await recordTestWebhookEvent(trx, deps.crypto, { id: endpoint.id, url: endpoint.url, brandId: endpoint.brand_id, brandCode: brand?.code ?? '' }, at);
    await recordAuditEvent(trx, { type: 'webhook.test', ...auditActorFields(actor), outcome: 'queued', brandId: endpoint.brand_id, detail: `${endpoint.id} ${new URL(endpoint.url).host}: ${eventId}` }, at);
    const id = await findMessageIdByDedupeKey(trx, `webhook:${eventId}:${endpoint.id}`);
    return { eventId, delivery: (await findEndpointMessage(trx, endpoint.id, id!))! };
  });
}
