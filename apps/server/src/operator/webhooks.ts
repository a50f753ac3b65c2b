import type { WebhookDeliveryRow } from '../db/repositories/webhooks.js';
import { webhookAttempts } from '../brand-integrations/webhook-deliveries.js';
import { addWebhook as add, type AddedWebhook, listWebhooks as list, removeWebhook as remove, type ResolveHost, switchOnWebhook as switchOn } from '../brand-integrations/webhook-endpoints.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import type { WebhookEndpointOverview } from '../delivery/webhooks/endpoint-overview.js';
import { inOperatorWords } from './service-refusals.js';
import { operatorCommandActor } from './operator-name.js';

/*
 * `tessera webhooks …`: the services of brand-integrations/ (the back office calls the same ones)
 * with the operator as the actor and their refusals as the tool prints them.
 */

type Deps = { db: Db; crypto: Crypto; now: () => Date; operator?: string; production: boolean };

export type { AddedWebhook, ResolveHost };

/** `tessera webhooks add --brand CODE --url URL [--events a,b]`: the secret is printed once. */
export function addWebhook(deps: Deps & { resolve?: ResolveHost }, input: { brandCode: string; url: string; events?: readonly string[] }): Promise<AddedWebhook> {
  return inOperatorWords(add(deps, input, operatorCommandActor(deps)));
}

export type WebhookListing = Omit<WebhookEndpointOverview, 'brandId'>;

/** `tessera webhooks list [--brand CODE]`: every endpoint with its health and backlog; secrets are not shown. */
export async function listWebhooks(deps: { db: Db }, brandCode?: string): Promise<WebhookListing[]> {
  return (await inOperatorWords(list(deps, brandCode))).map(({ brandId: _brandId, ...listing }) => listing);
}

/** `tessera webhooks remove ID` */
export function removeWebhook(deps: Deps, id: string): Promise<{ removed: boolean }> {
  return inOperatorWords(remove(deps, { id }, operatorCommandActor(deps)));
}

/** `tessera webhooks deliveries ID`: the endpoint's delivery attempts, newest first. */
export function webhookDeliveries(deps: { db: Db }, id: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return inOperatorWords(webhookAttempts(deps, { id }, limit));
}

/** `tessera webhooks switch-on ID` */
export function switchOnWebhook(deps: Deps, id: string): Promise<{ switchedOn: boolean; requeued: number }> {
  return inOperatorWords(switchOn(deps, { id }, operatorCommandActor(deps)));
}
