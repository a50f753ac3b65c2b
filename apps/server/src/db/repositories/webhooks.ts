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
