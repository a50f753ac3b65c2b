import type { Insertable, Selectable } from 'kysely';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../schema.js';
import type { Executor } from './executor.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export async function insertWebhookEndpoint(db: Executor, row: Insertable<WebhookEndpointsTable>): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export function findWebhookEndpoint(db: Executor, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A brand's endpoints that receive events (not removed), oldest first. */
export function listLiveWebhookEndpoints(db: Executor, brandId: string): Promise<Pick<WebhookEndpointRow, 'id' | 'url' | 'events'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'events'])
    .where('brand_id', '=', brandId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every endpoint (removed ones too) with its brand's code, oldest first; one brand's with `brandId`. */
export function listWebhookEndpoints(db: Executor, brandId?: string): Promise<(WebhookEndpointRow & { brand_code: string })[]> {
  let query = db.selectFrom('webhook_endpoints as w').innerJoin('brands as b', 'b.id', 'w.brand_id').selectAll('w').select('b.code as brand_code');
  if (brandId !== undefined) query = query.where('w.brand_id', '=', brandId);
  return query.orderBy('w.created_at').orderBy('w.id').execute();
}

/** Marks an endpoint removed; answers false when it was removed already. */
export async function markWebhookEndpointRemoved(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoints').set({ removed_at: at }).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertWebhookDelivery(db: Executor, row: Insertable<WebhookDeliveriesTable>): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

/** An endpoint's delivery attempts, newest first. */
export function listWebhookDeliveries(db: Executor, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('attempt', 'desc')
    .limit(limit)
    .execute();
}

/** A delivery went through: the endpoint is healthy again (written only when it was not). */
export async function noteWebhookEndpointDelivered(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null, consecutive_failures: 0, paused_until: null })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('consecutive_failures', '>', 0), eb('failing_since', 'is not', null), eb('paused_until', 'is not', null)]))
    .execute();
}

/** An attempt failed: one more in a row, failing since the first. Answers the endpoint's health after it. */
export async function noteWebhookEndpointFailed(
  db: Executor,
  id: string,
  now: string,
): Promise<Pick<WebhookEndpointRow, 'consecutive_failures' | 'failing_since' | 'switched_off_at' | 'brand_id' | 'url'> | undefined> {
  await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1), failing_since: eb.fn.coalesce('failing_since', eb.val(now)) }))
    .where('id', '=', id)
    .execute();
  return db.selectFrom('webhook_endpoints').select(['consecutive_failures', 'failing_since', 'switched_off_at', 'brand_id', 'url']).where('id', '=', id).executeTakeFirst();
}

/** The endpoint rests until then (never shortened by a racing process's earlier pause). */
export async function pauseWebhookEndpoint(db: Executor, id: string, until: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ paused_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('paused_until', 'is', null), eb('paused_until', '<', until)]))
    .execute();
}

/** Switches the endpoint off if it has failed since `failingBefore` or earlier; answers whether this call did. */
export async function switchOffWebhookEndpoint(db: Executor, id: string, now: string, failingBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ switched_off_at: now })
    .where('id', '=', id)
    .where('switched_off_at', 'is', null)
    .where('failing_since', '<=', failingBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Switches a switched-off endpoint on, healthy; answers false when it was not switched off (or is removed). */
export async function switchOnWebhookEndpoint(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ switched_off_at: null, failing_since: null, consecutive_failures: 0, paused_until: null })
    .where('id', '=', id)
    .where('switched_off_at', 'is not', null)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An event queued for one endpoint (its outbox message) with the HTTP status its last attempt got: what the back office lists as a delivery. */
export interface EndpointMessageRow {
  id: string;
  purpose: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  has_content: boolean;
  last_status_code: number | null;
}

function endpointMessages(db: Executor, endpointId: string) {
  return db
    .selectFrom('outbox_messages as m')
    .select(['m.id', 'm.purpose', 'm.status', 'm.attempts', 'm.next_attempt_at', 'm.lease_until', 'm.last_error', 'm.created_at', 'm.sent_at'])
    .select((eb) => [
      eb.case().when('m.payload_ciphertext', 'is', null).then(0).else(1).end().as('has_content'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select('d.status_code')
        .whereRef('d.outbox_message_id', '=', 'm.id')
        .orderBy('d.created_at', 'desc')
        .orderBy('d.attempt', 'desc')
        .limit(1)
        .as('last_status_code'),
    ])
    .where('m.channel', '=', 'webhook')
    .where('m.endpoint_id', '=', endpointId);
}

const asEndpointMessage = (row: Omit<EndpointMessageRow, 'has_content' | 'last_status_code'> & { has_content: unknown; last_status_code: unknown }): EndpointMessageRow => ({
  ...row,
  has_content: Number(row.has_content) === 1,
  last_status_code: row.last_status_code === null || row.last_status_code === undefined ? null : Number(row.last_status_code),
});

/** An endpoint's deliveries, newest first. */
export async function listEndpointMessages(db: Executor, endpointId: string, limit: number): Promise<EndpointMessageRow[]> {
  const rows = await endpointMessages(db, endpointId).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  return rows.map(asEndpointMessage);
}

/** One delivery of this endpoint (another endpoint's is as unknown). */
export async function findEndpointMessage(db: Executor, endpointId: string, id: string): Promise<EndpointMessageRow | undefined> {
  const row = await endpointMessages(db, endpointId).where('m.id', '=', id).executeTakeFirst();
  return row && asEndpointMessage(row);
}
