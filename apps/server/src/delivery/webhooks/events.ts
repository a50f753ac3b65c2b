import { randomUUID } from 'node:crypto';
import { maskCardNumber } from '@tessera/contracts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@tessera/contracts/admin';
import type { Crypto } from '../../crypto/index.js';
import type { Executor } from '../../db/repositories/executor.js';
import { listLiveWebhookEndpoints } from '../../db/repositories/webhooks.js';
import { enqueueMessage } from '../outbox.js';

/** The events a brand's webhook endpoint can receive (docs/brand-api.md#webhooks): the back office offers the same list. */
export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** How an event names a card: its opaque id and masked number, never the number or a secret. */
export interface WebhookCard {
  id: string;
  maskedNumber: string;
  kind: 'visa' | 'giftcard';
}

export function webhookCard(card: { id: string; number_last3: string; kind: 'visa' | 'giftcard' }): WebhookCard {
  return { id: card.id, maskedNumber: maskCardNumber(card.number_last3), kind: card.kind };
}

export interface WebhookEvent {
  brandId: string;
  type: WebhookEventType;
  /** The event's subject: ids, masked numbers, amounts as `{value, assetCode}`; never a secret. */
  data: Record<string, unknown>;
  /** Links the event's messages to a card in the outbox (tessera cards show lists them). */
  cardId?: string;
}

/**
 * Records an event for every live endpoint of the brand that subscribed to it, in the caller's
 * transaction: the outbox sends it only if the change behind it commits, and a crash after the
 * commit cannot lose it. One event id (`webhook-id`) for all endpoints and attempts, so a
 * receiver can recognise a repeat. Answers the event id, or null when no endpoint wants it.
 */
export async function recordWebhookEvent(db: Executor, crypto: Crypto, event: WebhookEvent, at: string): Promise<string | null> {
  const endpoints = (await listLiveWebhookEndpoints(db, event.brandId)).filter((e) => subscribes(e.events, event.type));
  if (endpoints.length === 0) return null;
  return enqueueEvent(db, crypto, { ...event, endpoints }, at);
}

/**
 * Records the test event (`webhook.test`) for one endpoint, whatever it subscribed to, in the
 * caller's transaction: signed and sent like any event, so a receiver can check its verification
 * end to end. Its data says only which brand and endpoint it is for. Answers the event id.
 */
export function recordTestWebhookEvent(db: Executor, crypto: Crypto, endpoint: { id: string; url: string; brandId: string; brandCode: string }, at: string): Promise<string> {
  return enqueueEvent(
    db,
    crypto,
    { brandId: endpoint.brandId, type: WEBHOOK_TEST_EVENT, data: { brand: endpoint.brandCode, endpointId: endpoint.id, test: true }, endpoints: [endpoint] },
    at,
  );
}

async function enqueueEvent(
  db: Executor,
  crypto: Crypto,
  event: Omit<WebhookEvent, 'type'> & { type: string; endpoints: readonly { id: string; url: string }[] },
  at: string,
): Promise<string> {
  const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({ type: event.type, timestamp: at, data: event.data });
  for (const endpoint of event.endpoints) {
    await enqueueMessage(
      db,
      crypto,
      {
        message: { channel: 'webhook', to: endpoint.url, endpointId: endpoint.id, eventId, eventType: event.type, body },
        purpose: event.type,
        brandId: event.brandId,
        cardId: event.cardId ?? null,
        dedupeKey: `webhook:${eventId}:${endpoint.id}`,
      },
      at,
    );
  }
  return eventId;
}

/** `events` as stored: a JSON array of event types, or null for every event. */
function subscribes(events: string | null, type: WebhookEventType): boolean {
  if (events === null) return true;
  return (JSON.parse(events) as string[]).includes(type);
}
