import { maskCardNumber } from '@tessera/contracts';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { findCardByNumberIndex } from '../db/repositories/cards.js';
import { listAuditEvents, type AuditListing } from '../db/repositories/audit.js';
import { operatorCardNumber } from './operator-card.js';
import { OperatorError } from './operator-error.js';

export interface AuditQuery {
  cardNumber?: string;
  type?: string;
  /** ISO date or date-time: events at or after it. */
  since?: string;
  limit: number;
}

export type AuditTrailEntry = AuditListing & { card: string | null };

/**
 * `tessera audit list`: audit events, newest first, filtered by card (its number, found by its
 * blind index), type (exact, or a prefix ending in a dot: "card."), and time. Cards are shown
 * masked; events hold no card number or secret to begin with.
 */
export async function listAuditTrail(deps: { db: Db; crypto: Crypto }, query: AuditQuery): Promise<AuditTrailEntry[]> {
  let card: { id: string; importEventId: string | null } | undefined;
  if (query.cardNumber !== undefined) {
    const { masked, indexes } = operatorCardNumber(deps.crypto, query.cardNumber);
    const found = await findCardByNumberIndex(deps.db, indexes);
    if (!found) throw new OperatorError(`No card with number ${masked} exists.`);
    card = { id: found.id, importEventId: found.import_event_id };
  }
  const rows = await listAuditEvents(deps.db, { card, type: query.type, since: query.since, limit: query.limit });
  return rows.map((row) => ({ ...row, card: row.card_last3 ? maskCardNumber(row.card_last3) : null }));
}
