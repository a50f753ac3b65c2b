import { countWebhookBacklog } from '../../db/repositories/outbox.js';
import type { Executor } from '../../db/repositories/executor.js';
import { listWebhookEndpoints } from '../../db/repositories/webhooks.js';
import { type EndpointState, endpointState } from '../../domain/webhook-endpoint-health.js';

/** A webhook endpoint as an operator or a back office page sees it: never its secret. */
export interface WebhookEndpointOverview {
  id: string;
  brandId: string;
  brand: string;
  url: string;
  events: string[] | 'all';
  createdAt: string;
  removedAt: string | null;
  /** Active, failing (since when, how many attempts in a row), switched off (since when) or removed. */
  health: EndpointState;
  /** Resting after failures until then (its own backoff); null when not. */
  pausedUntil: string | null;
  /** Deliveries waiting to be sent (pending). */
  waiting: number;
  /** Deliveries that failed and can still be sent (their content is held): switching the endpoint on sends them. */
  missed: number;
}

/** Every endpoint (one brand's with `brandId`), oldest first, with its health and backlog. */
export async function listWebhookEndpointOverviews(db: Executor, brandId?: string): Promise<WebhookEndpointOverview[]> {
  const [rows, backlog] = await Promise.all([listWebhookEndpoints(db, brandId), countWebhookBacklog(db)]);
  return rows.map((r) => ({
    id: r.id,
    brandId: r.brand_id,
    brand: r.brand_code,
    url: r.url,
    events: r.events === null ? 'all' : (JSON.parse(r.events) as string[]),
    createdAt: r.created_at,
    removedAt: r.removed_at,
    health: endpointState(r),
    pausedUntil: r.paused_until,
    waiting: backlog.get(r.id)?.waiting ?? 0,
    missed: backlog.get(r.id)?.missed ?? 0,
  }));
}
