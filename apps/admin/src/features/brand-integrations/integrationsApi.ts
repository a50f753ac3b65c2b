import { queryOptions } from '@tanstack/react-query';
import {
  addedWebhookSchema,
  adminApi,
  apiKeyListSchema,
  createdApiKeySchema,
  removedWebhookSchema,
  retriedDeliverySchema,
  revokedApiKeySchema,
  switchedOnWebhookSchema,
  testEventSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  type ApiKeyRequest,
  type WebhookRequest,
} from '@tessera/contracts/admin';
import { callApi } from '../../lib/http';

export const apiKeysQuery = (code: string) =>
  queryOptions({ queryKey: ['integrations', code, 'api-keys'], queryFn: () => callApi(adminApi.apiKeys.build({ code }), apiKeyListSchema) });

export const webhooksQuery = (code: string) =>
  queryOptions({ queryKey: ['integrations', code, 'webhooks'], queryFn: () => callApi(adminApi.webhooks.build({ code }), webhookEndpointListSchema) });

/** An endpoint's deliveries; looked at again every few seconds while one waits to be sent, so a test event or a retry shows its outcome. */
export const deliveriesQuery = (code: string, id: string) =>
  queryOptions({
    queryKey: ['integrations', code, 'webhooks', id, 'deliveries'],
    queryFn: () => callApi(adminApi.webhookDeliveries.build({ code, id }), webhookDeliveryListSchema),
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 2000 : false),
  });

export const createApiKey = (code: string, request: ApiKeyRequest) => callApi(adminApi.apiKeys.build({ code }), createdApiKeySchema, { method: 'POST', body: request });
export const revokeApiKey = (code: string, id: string) => callApi(adminApi.revokeApiKey.build({ code, id }), revokedApiKeySchema, { method: 'POST', body: {} });
export const addWebhook = (code: string, request: WebhookRequest) => callApi(adminApi.webhooks.build({ code }), addedWebhookSchema, { method: 'POST', body: request });
export const removeWebhook = (code: string, id: string) => callApi(adminApi.webhook.build({ code, id }), removedWebhookSchema, { method: 'DELETE' });
export const switchOnWebhook = (code: string, id: string) => callApi(adminApi.switchOnWebhook.build({ code, id }), switchedOnWebhookSchema, { method: 'POST', body: {} });
export const sendTestEvent = (code: string, id: string) => callApi(adminApi.testWebhook.build({ code, id }), testEventSchema, { method: 'POST', body: {} });
export const retryDelivery = (code: string, id: string, deliveryId: string) =>
  callApi(adminApi.retryWebhookDelivery.build({ code, id, deliveryId }), retriedDeliverySchema, { method: 'POST', body: {} });
