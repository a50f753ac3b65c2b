import { randomUUID } from 'node:crypto';
import { maskCardNumber } from '@tessera/contracts';
import type { Crypto } from '../../crypto/index.js';
import type { Executor } from '../../db/repositories/executor.js';
import { listLiveWebhookEndpoints } from '../../db/repositories/webhooks.js';
import { enqueueMessage } from '../outbox.js';

/** The events a brand's webhook endpoint can receive (docs/brand-api.md#webhooks). */
export const WEBHOOK_EVENT_TYPES = [
  'card.issued',
  'card.activated',
  'card.blocked',
  'card.unblocked',
  'card.replaced',
  'card.registered',
  'redemption.created',
  'refund.created',
  'load.created',
  'adjustment.created',
  'payout.created',
  'payout.paid',
  'payout.failed',
  'payout.held',
  'payout.released',
  'payout.rejected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

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
  const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({ type: event.type, timestamp: at, data: event.data });
  for (const endpoint of endpoints) {
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
