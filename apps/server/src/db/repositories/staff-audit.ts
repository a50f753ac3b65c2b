import { sql } from 'kysely';
import type { BrandCodes } from './staff-cards.js';
import type { Executor } from './executor.js';

export interface StaffAuditRow {
  id: string;
  occurred_at: string;
  type: string;
  outcome: string;
  actor: string | null;
  client: string | null;
  detail: string | null;
  card_id: string | null;
  /** The card's brand, else the event's own. */
  brand_code: string | null;
}

export interface StaffAuditFilter {
  /** 'all': every event; brand codes: only events of a card of these brands. */
  brands: BrandCodes;
  brand?: string;
  cardId?: string;
  /** The event's `actor` exactly: a staff member's e-mail in lower case. */
  actor?: string;
  before?: { at: string; id: string };
  limit: number;
}

/**
 * Audit events newest first by (time, id), from a keyset bound. A brand is the card's when the
 * event names one (some card events name no brand of their own) and the event's otherwise.
 */
export async function listStaffAuditEvents(db: Executor, filter: StaffAuditFilter): Promise<StaffAuditRow[]> {
  const brandCode = sql<string | null>`upper(coalesce(cb.code, eb.code))`;
  let query = db
    .selectFrom('audit_events as e')
    .leftJoin('cards as c', 'c.id', 'e.card_id')
    .leftJoin('brands as cb', 'cb.id', 'c.brand_id')
    .leftJoin('brands as eb', 'eb.id', 'e.brand_id')
    .select(['e.id', 'e.occurred_at', 'e.type', 'e.outcome', 'e.actor', 'e.client', 'e.detail', 'e.card_id', brandCode.as('brand_code')]);
  if (filter.brands !== 'all') {
    const codes = filter.brands.length > 0 ? [...filter.brands] : [''];
    query = query.where('e.card_id', 'is not', null).where(sql<string>`upper(cb.code)`, 'in', codes);
  }
  if (filter.brand !== undefined) query = query.where(brandCode, '=', filter.brand.toUpperCase());
  if (filter.cardId !== undefined) query = query.where('e.card_id', '=', filter.cardId);
  if (filter.actor !== undefined) query = query.where('e.actor', '=', filter.actor);
  if (filter.before !== undefined) query = query.where(sql<boolean>`(e.occurred_at, e.id) < (${filter.before.at}, ${filter.before.id})`);
  return query.orderBy('e.occurred_at', 'desc').orderBy('e.id', 'desc').limit(filter.limit).execute();
}
