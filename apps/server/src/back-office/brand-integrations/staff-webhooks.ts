import { type AddedWebhook, WEBHOOK_DELIVERY_LIMIT, type WebhookRequest } from '@tessera/contracts/admin';
import { retryWebhookDelivery, sendTestWebhookEvent, webhookDeliveries } from '../../brand-integrations/webhook-deliveries.js';
import { addWebhook, listWebhooks, removeWebhook, switchOnWebhook } from '../../brand-integrations/webhook-endpoints.js';
import type { ServiceDeps } from '../../deps.js';
import { type StaffContext, staffActorOf } from '../staff-context.js';
import { inStaffWords } from './integration-errors.js';
import { webhookDeliveryView, webhookEndpointView } from './integration-views.js';
import { brandIdOf } from './staff-brand.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now' | 'config' | 'outbox'>;

/** GET /admin/api/brands/{code}/webhooks: every endpoint of the brand (removed ones too) with its state; never a secret. */
export async function listEndpointsOfBrand(deps: Deps, code: string) {
  await brandIdOf(deps, code);
  return { items: (await inStaffWords(listWebhooks(deps, code))).map(webhookEndpointView) };
}

/** POST /admin/api/brands/{code}/webhooks: the URL checked as the operator's tool checks it; the signing secret is in this answer only. */
export async function addEndpointOfBrand(deps: Deps, ctx: StaffContext, code: string, request: WebhookRequest): Promise<AddedWebhook> {
  const { url, events } = request;
  const added = await inStaffWords(addWebhook({ ...deps, production: deps.config.isProduction }, { brandCode: code, url, ...(events && { events }) }, staffActorOf(ctx)));
  return {
    ...webhookEndpointView({ id: added.id, url: added.url, events: added.events, createdAt: added.createdAt, removedAt: null, health: { state: 'active' }, pausedUntil: null, waiting: 0, missed: 0 }),
    secret: added.secret,
  };
}

/** DELETE /admin/api/brands/{code}/webhooks/{id}: nothing more is sent to it; its history stays. */
export async function removeEndpointOfBrand(deps: Deps, ctx: StaffContext, code: string, id: string) {
  const brandId = await brandIdOf(deps, code);
  const { removed } = await inStaffWords(removeWebhook(deps, { id, brandId }, staffActorOf(ctx)));
  return { changed: removed };
}

/** POST /admin/api/brands/{code}/webhooks/{id}/switch-on: a switched-off endpoint receives events again, and what it missed is sent. */
export async function switchOnEndpointOfBrand(deps: Deps, ctx: StaffContext, code: string, id: string) {
  const brandId = await brandIdOf(deps, code);
  const { switchedOn, requeued } = await inStaffWords(switchOnWebhook(deps, { id, brandId }, staffActorOf(ctx)));
  if (requeued > 0) deps.outbox.wake();
  return { changed: switchedOn, requeued };
}

/** POST /admin/api/brands/{code}/webhooks/{id}/test: the test event to this endpoint alone, sent at once. */
export async function sendTestEventOfBrand(deps: Deps, ctx: StaffContext, code: string, id: string) {
  const brandId = await brandIdOf(deps, code);
  const { eventId, delivery } = await inStaffWords(sendTestWebhookEvent(deps, { id, brandId }, staffActorOf(ctx)));
  deps.outbox.wake();
  return { eventId, delivery: webhookDeliveryView(delivery) };
}

/** GET /admin/api/brands/{code}/webhooks/{id}/deliveries: the newest WEBHOOK_DELIVERY_LIMIT, newest first. */
export async function listDeliveriesOfBrand(deps: Deps, code: string, id: string) {
  const brandId = await brandIdOf(deps, code);
  return { items: (await inStaffWords(webhookDeliveries(deps, { id, brandId }, WEBHOOK_DELIVERY_LIMIT))).map(webhookDeliveryView) };
}

/** POST /admin/api/brands/{code}/webhooks/{id}/deliveries/{deliveryId}/retry: sent again at once. */
export async function retryDeliveryOfBrand(deps: Deps, ctx: StaffContext, code: string, id: string, deliveryId: string) {
  const brandId = await brandIdOf(deps, code);
  const delivery = await inStaffWords(retryWebhookDelivery(deps, { id, brandId }, deliveryId, staffActorOf(ctx)));
  deps.outbox.wake();
  return { delivery: webhookDeliveryView(delivery) };
}
