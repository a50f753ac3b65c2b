import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@tessera/contracts/admin';
import type { ApiKeyListing } from '../../db/repositories/api-keys.js';
import type { EndpointMessageRow } from '../../db/repositories/webhooks.js';
import type { WebhookEndpointOverview } from '../../delivery/webhooks/endpoint-overview.js';

/** A key as the back office lists it: its first characters, never the key (only its hash is stored anyway). */
export const apiKeyView = (key: Omit<ApiKeyListing, 'brand_id' | 'brand_code'>): ApiKey => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes.split(',').filter((s) => s !== ''),
  createdAt: key.created_at,
  lastUsedAt: key.last_used_at,
  revokedAt: key.revoked_at,
});

/** An endpoint as the back office lists it: never its secret. */
export const webhookEndpointView = (endpoint: Omit<WebhookEndpointOverview, 'brandId' | 'brand'>): WebhookEndpoint => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  createdAt: endpoint.createdAt,
  health: endpoint.health,
  pausedUntil: endpoint.pausedUntil,
  waiting: endpoint.waiting,
  missed: endpoint.missed,
});

/** One event to one endpoint: its next try only while it waits for one; retryable while its content is held and it was not sent. */
export const webhookDeliveryView = (row: EndpointMessageRow): WebhookDelivery => ({
  id: row.id,
  eventType: row.purpose,
  createdAt: row.created_at,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
  sentAt: row.sent_at,
  retryable: row.status !== 'sent' && row.has_content,
});
