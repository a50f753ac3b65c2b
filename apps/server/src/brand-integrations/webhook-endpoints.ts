import { randomBytes, randomUUID } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { type Actor, auditActorFields } from '../card-commands/actor.js';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandByCode } from '../db/repositories/brands.js';
import type { Executor } from '../db/repositories/executor.js';
import { requeueWebhookMessagesOf } from '../db/repositories/outbox.js';
import { findWebhookEndpoint, insertWebhookEndpoint, markWebhookEndpointRemoved, switchOnWebhookEndpoint, type WebhookEndpointRow } from '../db/repositories/webhooks.js';
import { listWebhookEndpointOverviews, type WebhookEndpointOverview } from '../delivery/webhooks/endpoint-overview.js';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../delivery/webhooks/events.js';
import { isPublicAddress, webhookUrlProblem } from '../domain/webhook-target.js';
import { IntegrationRefusal } from './integration-refusal.js';

type Deps = { db: Db; crypto: Crypto; now: () => Date; production: boolean };

export interface AddedWebhook {
  id: string;
  brand: string;
  url: string;
  events: WebhookEventType[] | 'all';
  createdAt: string;
  /** `whsec_` + base64 of 32 random bytes: shown this once; the receiver verifies with it. */
  secret: string;
}

/** Resolves a host to its addresses (tests answer a name with a chosen address). */
export type ResolveHost = (host: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (host) => (await dnsLookup(host, { all: true })).map((a) => a.address);

/**
 * A new endpoint for the brand's events (all of them, or those listed): `tessera webhooks add`
 * and the back office. In production the URL must be https and every address its host resolves
 * to public (checked again at each delivery). The secret is stored encrypted and answered once;
 * the audit event names the URL's host only.
 */
export async function addWebhook(deps: Deps & { resolve?: ResolveHost }, input: { brandCode: string; url: string; events?: readonly string[] }, actor: Actor): Promise<AddedWebhook> {
  const brand = await findBrandByCode(deps.db, input.brandCode);
  if (!brand) throw new IntegrationRefusal('NO_SUCH_BRAND', `There is no brand with code ${input.brandCode}; no webhook was added.`, ['"tessera brands list" shows the brands']);
  const problem = webhookUrlProblem(input.url, { production: deps.production });
  if (problem !== null) throw new IntegrationRefusal('URL_REFUSED', `That webhook URL ${problem}; no webhook was added.`);
  const unknown = (input.events ?? []).filter((e) => !isWebhookEventType(e));
  if (unknown.length > 0) {
    throw new IntegrationRefusal('UNKNOWN_EVENT', `Unknown event type${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}; no webhook was added.`, [`the events are: ${WEBHOOK_EVENT_TYPES.join(', ')}`]);
  }
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
      { type: 'webhook.add', ...auditActorFields(actor), outcome: 'added', brandId: brand.id, detail: `${id} ${new URL(input.url).host} (${events?.join(',') ?? 'all events'})` },
      at,
    );
  });
  return { id, brand: brand.code, url: input.url, events: events ?? 'all', createdAt: at, secret };
}

async function refusePrivateTarget(host: string, resolve: ResolveHost): Promise<void> {
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new IntegrationRefusal('URL_REFUSED', `${host} does not resolve; no webhook was added.`, ['in production a webhook host must resolve to public addresses']);
  }
  const refused = addresses.find((a) => !isPublicAddress(a));
  if (refused !== undefined || addresses.length === 0) {
    throw new IntegrationRefusal('URL_REFUSED', `${host} resolves to ${refused ?? 'no address'}, a loopback, private or reserved address; no webhook was added.`, [
      'in production a webhook may not reach the operator’s own network',
    ]);
  }
}

/** Every endpoint (one brand's with its code) with its health and backlog; never a secret. */
export async function listWebhooks(deps: { db: Db }, brandCode?: string): Promise<WebhookEndpointOverview[]> {
  let brandId: string | undefined;
  if (brandCode !== undefined) {
    const brand = await findBrandByCode(deps.db, brandCode);
    if (!brand) throw new IntegrationRefusal('NO_SUCH_BRAND', `There is no brand with code ${brandCode}.`, ['"tessera brands list" shows the brands']);
    brandId = brand.id;
  }
  return listWebhookEndpointOverviews(deps.db, brandId);
}

/** Which endpoint a call names: its id, and with `brandId` only one of that brand (another brand's is as unknown). */
export interface EndpointRef {
  id: string;
  brandId?: string;
}

/** The endpoint, or NO_SUCH_WEBHOOK. */
export async function endpointOf(db: Executor, ref: EndpointRef): Promise<WebhookEndpointRow> {
  const endpoint = await findWebhookEndpoint(db, ref.id);
  if (!endpoint || (ref.brandId !== undefined && endpoint.brand_id !== ref.brandId)) {
    throw new IntegrationRefusal('NO_SUCH_WEBHOOK', `There is no webhook with id ${ref.id}.`, ['"tessera webhooks list" shows the webhooks']);
  }
  return endpoint;
}

/**
 * The endpoint receives nothing more, including events already queued for it; its delivery
 * history stays. Removing a removed endpoint changes nothing.
 */
export async function removeWebhook(deps: Omit<Deps, 'production'>, ref: EndpointRef, actor: Actor): Promise<{ removed: boolean }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await endpointOf(trx, ref);
    const removed = await markWebhookEndpointRemoved(trx, endpoint.id, at);
    if (removed) {
      await recordAuditEvent(trx, { type: 'webhook.remove', ...auditActorFields(actor), outcome: 'removed', brandId: endpoint.brand_id, detail: endpoint.id }, at);
    }
    return { removed };
  });
}

/**
 * An endpoint switched off after failing for days receives events again, and the deliveries it
 * missed whose content is still held are sent again (their attempts counted from 0). Audited. An
 * endpoint that is not switched off changes nothing; a removed one is refused.
 */
export async function switchOnWebhook(deps: Omit<Deps, 'production'>, ref: EndpointRef, actor: Actor): Promise<{ switchedOn: boolean; requeued: number }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const endpoint = await endpointOf(trx, ref);
    if (endpoint.removed_at !== null) throw new IntegrationRefusal('WEBHOOK_REMOVED', `Webhook ${endpoint.id} was removed; it cannot be switched on.`, ['add the URL again with "tessera webhooks add"']);
    if (!(await switchOnWebhookEndpoint(trx, endpoint.id))) return { switchedOn: false, requeued: 0 };
    const requeued = await requeueWebhookMessagesOf(trx, endpoint.id, at);
    await recordAuditEvent(
      trx,
      {
        type: 'webhook.switch_on',
        ...auditActorFields(actor),
        outcome: 'switched_on',
        brandId: endpoint.brand_id,
        detail: `${endpoint.id} ${new URL(endpoint.url).host}: ${requeued} missed deliveries sent again`,
      },
      at,
    );
    return { switchedOn: true, requeued };
  });
}
