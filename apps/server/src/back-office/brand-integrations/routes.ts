import {
  addedWebhookSchema,
  adminApi,
  apiKeyListSchema,
  apiKeyRequestSchema,
  createdApiKeySchema,
  emptyRequestSchema,
  removedWebhookSchema,
  retriedDeliverySchema,
  revokedApiKeySchema,
  switchedOnWebhookSchema,
  testEventSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookRequestSchema,
  brandCodeField,
} from '@tessera/contracts/admin';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/route-types.js';
import { brandFromPath, staffOf, staffRoute } from '../admin-route.js';
import { createKeyOfBrand, listKeysOfBrand, revokeKeyOfBrand } from './staff-api-keys.js';
import {
  addEndpointOfBrand,
  listDeliveriesOfBrand,
  listEndpointsOfBrand,
  removeEndpointOfBrand,
  retryDeliveryOfBrand,
  sendTestEventOfBrand,
  switchOnEndpointOfBrand,
} from './staff-webhooks.js';

/** Every back office API answer can be 401 (no session), 403 (role, or a call's Origin) and 404 (another host, another brand). */
const guarded = (...more: number[]) => errorResponses(401, 403, 404, ...more);
const hidden = { hide: true } as const;
const id = z.string().min(1).max(64);
const brandParams = z.object({ code: brandCodeField });
const itemParams = brandParams.extend({ id });
const deliveryParams = itemParams.extend({ deliveryId: id });

/**
 * A brand's API keys and webhook endpoints (docs/back-office.md, "Calls"; docs/decisions/047):
 * brand-admins of the brand and admins (`brand.manage`), the brand named by the path (another
 * brand's code answers 404 as an unknown one; a key, endpoint or delivery of another brand under
 * this code too). Each route calls one service, which runs the same service as the operator's
 * `tessera api-keys` and `tessera webhooks` commands, with the staff member as the actor.
 */
export async function adminBrandIntegrationRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const manage = staffRoute('brand.manage', brandFromPath('code'));

  app.get(adminApi.apiKeys.pattern, { config: manage, schema: { ...hidden, params: brandParams, response: { 200: apiKeyListSchema, ...guarded(400) } } }, async (request) =>
    listKeysOfBrand(deps, request.params.code),
  );

  app.post(
    adminApi.apiKeys.pattern,
    { config: manage, schema: { ...hidden, params: brandParams, body: apiKeyRequestSchema, response: { 201: createdApiKeySchema, ...guarded(400) } } },
    async (request, reply) => reply.code(201).send(await createKeyOfBrand(deps, staffOf(request), request.params.code, request.body)),
  );

  app.post(
    adminApi.revokeApiKey.pattern,
    { config: manage, schema: { ...hidden, params: itemParams, body: emptyRequestSchema, response: { 200: revokedApiKeySchema, ...guarded(400) } } },
    async (request) => revokeKeyOfBrand(deps, staffOf(request), request.params.code, request.params.id),
  );

  app.get(adminApi.webhooks.pattern, { config: manage, schema: { ...hidden, params: brandParams, response: { 200: webhookEndpointListSchema, ...guarded(400) } } }, async (request) =>
    listEndpointsOfBrand(deps, request.params.code),
  );

  app.post(
    adminApi.webhooks.pattern,
    { config: manage, schema: { ...hidden, params: brandParams, body: webhookRequestSchema, response: { 201: addedWebhookSchema, ...guarded(400) } } },
    async (request, reply) => reply.code(201).send(await addEndpointOfBrand(deps, staffOf(request), request.params.code, request.body)),
  );

  app.get(
    adminApi.webhookDeliveries.pattern,
    { config: manage, schema: { ...hidden, params: itemParams, response: { 200: webhookDeliveryListSchema, ...guarded(400) } } },
    async (request) => listDeliveriesOfBrand(deps, request.params.code, request.params.id),
  );

  app.post(
    adminApi.retryWebhookDelivery.pattern,
    { config: manage, schema: { ...hidden, params: deliveryParams, body: emptyRequestSchema, response: { 200: retriedDeliverySchema, ...guarded(400, 409) } } },
    async (request) => retryDeliveryOfBrand(deps, staffOf(request), request.params.code, request.params.id, request.params.deliveryId),
  );

  app.post(
    adminApi.testWebhook.pattern,
    { config: manage, schema: { ...hidden, params: itemParams, body: emptyRequestSchema, response: { 202: testEventSchema, ...guarded(400, 409) } } },
    async (request, reply) => reply.code(202).send(await sendTestEventOfBrand(deps, staffOf(request), request.params.code, request.params.id)),
  );

  app.post(
    adminApi.switchOnWebhook.pattern,
    { config: manage, schema: { ...hidden, params: itemParams, body: emptyRequestSchema, response: { 200: switchedOnWebhookSchema, ...guarded(400, 409) } } },
    async (request) => switchOnEndpointOfBrand(deps, staffOf(request), request.params.code, request.params.id),
  );

  // Last: the permission matrix calls the routes in this order, and a removed endpoint takes no test event.
  app.delete(adminApi.webhook.pattern, { config: manage, schema: { ...hidden, params: itemParams, response: { 200: removedWebhookSchema, ...guarded(400) } } }, async (request) =>
    removeEndpointOfBrand(deps, staffOf(request), request.params.code, request.params.id),
  );
}
