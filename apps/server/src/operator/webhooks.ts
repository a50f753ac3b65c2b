import { randomBytes, randomUUID } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandByCode } from '../db/repositories/brands.js';
import { requeueWebhookMessagesOf } from '../db/repositories/outbox.js';
import {
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookDeliveries,
  markWebhookEndpointRemoved,
  switchOnWebhookEndpoint,
  type WebhookDeliveryRow,
} from '../db/repositories/webhooks.js';
import { listWebhookEndpointOverviews, type WebhookEndpointOverview } from '../delivery/webhooks/endpoint-overview.js';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../delivery/webhooks/events.js';
import { isPublicAddress, webhookUrlProblem } from '../domain/webhook-target.js';
import { OperatorError } from './operator-error.js';
import { operatorAuditFields } from './operator-name.js';

type Deps = { db: Db; crypto: Crypto; now: () => Date; operator?: string; production: boolean };

export interface AddedWebhook {
  id: string;
  brand: string;
  url: string;
  events: WebhookEventType[] | 'all';
  /** `whsec_` + base64 of 32 random bytes: shown this once; the receiver verifies with it. */
  secret: string;
}

/** Resolves a host to its addresses (tests answer a name with a chosen address). */
export type ResolveHost = (host: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (host) => (await dnsLookup(host, { all: true })).map((a) => a.address);

/**
 * `tessera webhooks add --brand CODE --url URL [--events a,b]`: a new endpoint for the brand's
 * events (all of them, or those listed). In production the URL must be https and every address
 * its host resolves to public (checked again at each delivery). The secret is stored encrypted
 * and printed once.
 */
export async function addWebhook(
  deps: Deps & { resolve?: ResolveHost },
  input: { brandCode: string; url: string; events?: readonly string[] },
): Promise<AddedWebhook> {
  const brand = await findBrandByCode(deps.db, input.brandCode);
  if (!brand) throw new OperatorError(`There is no brand with code ${input.brandCode}; no webhook was added.`, ['"tessera brands list" shows the brands']);
  const problem = webhookUrlProblem(input.url, { production: deps.production });
  if (problem !== null) throw new OperatorError(`That webhook URL ${problem}; no webhook was added.`);
  const unknown = (input.events ?? []).filter((e) => !isWebhookEventType(e));
  if (unknown.length > 0) throw new OperatorError(`Unknown event type${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}; no webhook was added.`, [`the events are: ${WEBHOOK_EVENT_TYPES.join(', ')}`]);
  if (deps.production) await refusePrivateTarget(new URL(input.url).hostname.replace(/^\[|\]$/g, ''), deps.resolve ?? resolveWithDns);

  const events = input.events && input.events.length > 0 ? ([...new Set(input.events)] as WebhookEventType[]) : null;
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const at = deps.now().toISOString();
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await insertWebhookEndpoint(trx, {
      id,
      brand_id: brand.id,
      url: input.url,
      events: events === null ? null : JSON.stringify(events),
      secret_ciphertext: deps.crypto.cipher.encrypt(secret, PURPOSE.webhookSecret),
      created_at: at,
      removed_at: null,
    });
    await recordAuditEvent(
      trx,
      { type: 'webhook.add', ...operatorAuditFields(deps), outcome: 'added', brandId: brand.id, detail: `${id} ${new URL(input.url).host} (${events?.join(',') ?? 'all events'})` },
      at,
    );
  });
  return { id, brand: brand.code, url: input.url, events: events ?? 'all', secret };
}

async function refusePrivateTarget(host: string, resolve: ResolveHost): Promise<void> {
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new OperatorError(`${host} does not resolve; no webhook was added.`, ['in production a webhook host must resolve to public addresses']);
  }
  const refused = addresses.find((a) => !isPublicAddress(a));
  if (refused !== undefined || addresses.length === 0) {
    throw new OperatorError(`${host} resolves to ${refused ?? 'no address'}, a loopback, private or reserved address; no webhook was added.`, [
      'in production a webhook may not reach the operator’s own network',
    ]);
  }
}

export type WebhookListing = Omit<WebhookEndpointOverview, 'brandId'>;

/**
 * `tessera webhooks list [--brand CODE]`: every endpoint with its health (active, failing,
 * switched off, removed) and its waiting and missed deliveries. Secrets are not shown.
 */
export async function listWebhooks(deps: { db: Db }, brandCode?: string): Promise<WebhookListing[]> {
  let brandId: string | undefined;
  if (brandCode !== undefined) {
    const brand = await findBrandByCode(deps.db, brandCode);
    if (!brand) throw new OperatorError(`There is no brand with code ${brandCode}.`, ['"tessera brands list" shows the brands']);
    brandId = brand.id;
  }
  return (await listWebhookEndpointOverviews(deps.db, brandId)).map(({ brandId: _brandId, ...listing }) => listing);
}

/**
 * `tessera webhooks remove ID`: the endpoint receives nothing more, including events already
 * queued for it; its delivery history stays. Removing a removed endpoint changes nothing.
 */
export async function removeWebhook(deps: Deps, id: string): Promise<{ removed: boolean }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await findWebhookEndpoint(trx, id);
    if (!endpoint) throw new OperatorError(`There is no webhook with id ${id}.`, ['"tessera webhooks list" shows the webhooks']);
    const removed = await markWebhookEndpointRemoved(trx, id, at);
    if (removed) {
      await recordAuditEvent(trx, { type: 'webhook.remove', ...operatorAuditFields(deps), outcome: 'removed', brandId: endpoint.brand_id, detail: id }, at);
    }
    return { removed };
  });
}

/** `tessera webhooks deliveries ID`: the endpoint's delivery attempts, newest first. */
export async function webhookDeliveries(deps: { db: Db }, id: string, limit: number): Promise<WebhookDeliveryRow[]> {
  const endpoint = await findWebhookEndpoint(deps.db, id);
  if (!endpoint) throw new OperatorError(`There is no webhook with id ${id}.`, ['"tessera webhooks list" shows the webhooks']);
  return listWebhookDeliveries(deps.db, id, limit);
}

/**
 * `tessera webhooks switch-on ID`: an endpoint switched off after failing for days receives
 * events again, and the deliveries it missed whose content is still held are sent again (their
 * attempts counted from 0). Audited. An endpoint that is not switched off changes nothing.
 */
export async function switchOnWebhook(deps: Deps, id: string): Promise<{ switchedOn: boolean; requeued: number }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await findWebhookEndpoint(trx, id);
    if (!endpoint) throw new OperatorError(`There is no webhook with id ${id}.`, ['"tessera webhooks list" shows the webhooks']);
    if (endpoint.removed_at !== null) throw new OperatorError(`Webhook ${id} was removed; it cannot be switched on.`, ['add the URL again with "tessera webhooks add"']);
    if (!(await switchOnWebhookEndpoint(trx, id))) return { switchedOn: false, requeued: 0 };
    const requeued = await requeueWebhookMessagesOf(trx, id, at);
    await recordAuditEvent(
      trx,
      { type: 'webhook.switch_on', ...operatorAuditFields(deps), outcome: 'switched_on', brandId: endpoint.brand_id, detail: `${id} ${new URL(endpoint.url).host}: ${requeued} missed deliveries sent again` },
      at,
    );
    return { switchedOn: true, requeued };
  });
}
