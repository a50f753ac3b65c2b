import { z } from 'zod';
import { plainText } from '../text.js';

/*
 * A brand's API keys and webhook endpoints in the back office (brand-admins of the brand, and
 * admins: `brand.manage`). A key or a signing secret is in the answer of its POST only, once:
 * the server keeps a key's keyed hash and a secret encrypted, and no later answer carries either.
 */

/** The scopes a brand API key may carry (docs/brand-api.md): which calls it may make. */
export const BRAND_API_SCOPES = ['cards:read', 'cards:write', 'redemptions:write', 'loads:write'] as const;
export type BrandApiScope = (typeof BRAND_API_SCOPES)[number];

/** The events a brand's webhook endpoint can subscribe to (docs/brand-api.md#webhooks). */
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

/**
 * The event "send a test event" sends to one endpoint, whatever it subscribed to: no endpoint
 * subscribes to it, and no card or money is behind it (docs/brand-api.md#webhooks).
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What a key is for ("webshop", "tills Amsterdam"): the operator's tool takes the same characters. */
export const API_KEY_NAME = /^[\p{L}\p{N} ._:@()-]{1,100}$/u;

/** POST /admin/api/brands/{code}/api-keys */
export const apiKeyRequestSchema = z
  .object({
    name: plainText().trim().min(1, 'required').max(100, 'at most 100 characters').regex(API_KEY_NAME, 'letters, digits, spaces and . _ : @ ( ) - only'),
    scopes: z.array(z.enum(BRAND_API_SCOPES)).min(1, 'at least one scope'),
  })
  .strict();
export type ApiKeyRequest = z.input<typeof apiKeyRequestSchema>;

/** A key as the list shows it: its first characters only, never the key. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`tsk_AbCdEfGh`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** POST …/api-keys 201: the key itself, in this answer only. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** POST …/api-keys/{id}/revoke 200; `changed: false`: it was revoked before, nothing changed. */
export const revokedApiKeySchema = z.object({ key: apiKeySchema, changed: z.boolean() });

/** POST /admin/api/brands/{code}/webhooks: no `events`, or an empty list: every event. */
export const webhookRequestSchema = z
  .object({
    url: plainText().trim().min(1, 'required').max(2000, 'at most 2000 characters'),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).optional(),
  })
  .strict();
export type WebhookRequest = z.input<typeof webhookRequestSchema>;

/** An endpoint's state: live (`active`, or `failing` since a time and still tried), switched off after days of failures (since when, and failing since when), or removed. */
export const webhookHealthSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('active') }),
  z.object({ state: z.literal('failing'), since: z.string(), failures: z.number().int() }),
  z.object({ state: z.literal('switched_off'), since: z.string(), failingSince: z.string().nullable() }),
  z.object({ state: z.literal('removed'), since: z.string() }),
]);
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;

/** An endpoint as the list shows it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The events it receives: a list, or `all`. */
  events: z.union([z.array(z.string()), z.literal('all')]),
  createdAt: z.string(),
  health: webhookHealthSchema,
  /** Resting after a failure until then (its own backoff). */
  pausedUntil: z.string().nullable(),
  /** Deliveries waiting to be sent. */
  waiting: z.number().int(),
  /** Deliveries that failed and can still be sent (switching on, or Retry, sends them). */
  missed: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** POST …/webhooks 201: the endpoint and its signing secret (`whsec_…`), in this answer only. */
export const addedWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type AddedWebhook = z.infer<typeof addedWebhookSchema>;

/** DELETE …/webhooks/{id} 200; `changed: false`: removed before. */
export const removedWebhookSchema = z.object({ changed: z.boolean() });
/** POST …/webhooks/{id}/switch-on 200: `changed: false` when it was not switched off; `requeued` the missed deliveries sent again. */
export const switchedOnWebhookSchema = z.object({ changed: z.boolean(), requeued: z.number().int() });

/** How many deliveries the page lists at most, newest first. */
export const WEBHOOK_DELIVERY_LIMIT = 50;

/**
 * One event to one endpoint: `pending` (waiting for its next try at `nextAttemptAt`), `sent`, or
 * `failed` (given up, or held while the endpoint was switched off). `retryable`: its content is
 * still held, so Retry sends it again.
 */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  createdAt: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null before one, or when none was answered (a timeout, a refused connection). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  retryable: z.boolean(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema).max(WEBHOOK_DELIVERY_LIMIT) });

/** POST …/deliveries/{deliveryId}/retry 200: the delivery, due now. */
export const retriedDeliverySchema = z.object({ delivery: webhookDeliverySchema });
/** POST …/webhooks/{id}/test 202: the test event queued for that endpoint (`webhook-id`). */
export const testEventSchema = z.object({ eventId: z.string(), delivery: webhookDeliverySchema });

/** Every POST here without a body of its own takes `{}`. */
export const emptyRequestSchema = z.object({}).strict();
