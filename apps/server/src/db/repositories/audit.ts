import type { AuditType } from '@tessera/contracts/admin';
import { sql, type Transaction } from 'kysely';
import { isPostgres } from '../database.js';
import { randomUUID } from 'node:crypto';
import { preparedQuery } from '../prepared.js';
import type { Insertable } from 'kysely';
import type { AuditEventsTable, Database } from '../schema.js';
import type { Executor } from './executor.js';

/** What an audit event may hold: never a secret, a full card number or a full client address. */
export interface AuditEvent {
  /** One of the kinds the back office has texts for (contracts' AUDIT_TYPES). */
  type: AuditType;
  outcome: string;
  brandId?: string | null;
  cardId?: string | null;
  flowType?: string | null;
  client?: string | null;
  detail?: string | null;
  /** Who acted, encoded as db/schema.ts AuditEventsTable says (`cardholder`, `api:NAME`, an e-mail, …). */
  actor?: string | null;
  /** The staff grant used: `support:DEMO`, `admin:*`. */
  actorGrant?: string | null;
  requestId?: string | null;
  /** A change of money: the balance before and after, in minor units. */
  amountBefore?: number | null;
  amountAfter?: number | null;
}

const insertAuditEvent = preparedQuery(
  (
    db,
    p: {
      id: string;
      occurredAt: string;
      type: string;
      outcome: string;
      brandId: string | null;
      cardId: string | null;
      flowType: string | null;
      client: string | null;
      detail: string | null;
      actor: string | null;
      actorGrant: string | null;
      requestId: string | null;
      amountBefore: number | null;
      amountAfter: number | null;
    },
  ) =>
    db.insertInto('audit_events').values({
      id: p.id,
      occurred_at: p.occurredAt,
      type: p.type,
      outcome: p.outcome,
      brand_id: p.brandId,
      card_id: p.cardId,
      flow_type: p.flowType,
      client: p.client,
      detail: p.detail,
      actor: p.actor,
      actor_grant: p.actorGrant,
      request_id: p.requestId,
      amount_before: p.amountBefore,
      amount_after: p.amountAfter,
    }),
);

/** `event.id`: when the caller must know it beforehand (a card import's cards name their import's event). */
export async function recordAuditEvent(db: Executor, event: AuditEvent & { id?: string }, now: string): Promise<void> {
  await insertAuditEvent(db, {
    id: event.id ?? randomUUID(),
    occurredAt: now,
    type: event.type,
    outcome: event.outcome,
    brandId: event.brandId ?? null,
    cardId: event.cardId ?? null,
    flowType: event.flowType ?? null,
    client: event.client ?? null,
    detail: event.detail ?? null,
    actor: event.actor ?? null,
    actorGrant: event.actorGrant ?? null,
    requestId: event.requestId ?? null,
    amountBefore: event.amountBefore ?? null,
    amountAfter: event.amountAfter ?? null,
  });
}

function auditRow(event: AuditEvent, now: string): Insertable<AuditEventsTable> {
  return {
    id: randomUUID(),
    occurred_at: now,
    type: event.type,
    outcome: event.outcome,
    brand_id: event.brandId ?? null,
    card_id: event.cardId ?? null,
    flow_type: event.flowType ?? null,
    client: event.client ?? null,
    detail: event.detail ?? null,
    actor: event.actor ?? null,
    actor_grant: event.actorGrant ?? null,
    request_id: event.requestId ?? null,
    amount_before: event.amountBefore ?? null,
    amount_after: event.amountAfter ?? null,
  };
}

interface PendingAudit {
  row: Insertable<AuditEventsTable>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Audit events that stand alone (not part of a transaction), written with group commit: the
 * events recorded while the event loop handles one batch of I/O are inserted together by one
 * multi-row INSERT on the next turn, and each caller's promise settles only once that statement
 * has committed. A request therefore still answers only after its event is stored (nothing
 * acknowledged can be lost in a crash), but a busy server pays for one commit per batch instead
 * of one per request. If the insert fails, every caller of the batch gets the error.
 */
export class AuditWriter {
  #pending: PendingAudit[] = [];
  #scheduled = false;

  constructor(
    private readonly db: Executor,
    private readonly maxBatch = 64,
  ) {}

  record(event: AuditEvent, now: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ row: auditRow(event, now), resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    this.#scheduled = false;
    const pending = this.#pending;
    this.#pending = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < pending.length; i += this.maxBatch) {
      const batch = pending.slice(i, i + this.maxBatch);
      writes.push(
        this.db
          .insertInto('audit_events')
          .values(batch.map((p) => p.row))
          .execute()
          .then(
            () => batch.forEach((p) => p.resolve()),
            (error: unknown) => batch.forEach((p) => p.reject(error)),
          ),
      );
    }
    await Promise.all(writes);
  }
}

export interface AuditListing {
  id: string;
  occurred_at: string;
  type: string;
  outcome: string;
  brand_code: string | null;
  card_id: string | null;
  card_last3: string | null;
  flow_type: string | null;
  client: string | null;
  detail: string | null;
}

/**
 * Audit events, newest first; `type` is exact, or a prefix when it ends in "." ("card.").
 * A card's events are its own and, for an imported card, its import's one event (the file's
 * `cards.import`, which names no card: cards.import_event_id points at it).
 */
export async function listAuditEvents(
  db: Executor,
  filter: { card?: { id: string; importEventId: string | null }; type?: string; since?: string; limit: number },
): Promise<AuditListing[]> {
  let query = db
    .selectFrom('audit_events as e')
    .leftJoin('brands as b', 'b.id', 'e.brand_id')
    .leftJoin('cards as c', 'c.id', 'e.card_id')
    .select(['e.id', 'e.occurred_at', 'e.type', 'e.outcome', 'b.code as brand_code', 'e.card_id', 'c.number_last3 as card_last3', 'e.flow_type', 'e.client', 'e.detail']);
  const card = filter.card;
  if (card !== undefined) {
    query = query.where((eb) => (card.importEventId === null ? eb('e.card_id', '=', card.id) : eb.or([eb('e.card_id', '=', card.id), eb('e.id', '=', card.importEventId)])));
  }
  if (filter.type !== undefined) {
    const prefix = filter.type;
    // A prefix compared as text (substr is the same on SQLite and PostgreSQL): no LIKE wildcards to escape.
    query = prefix.endsWith('.') ? query.where(sql<string>`substr(e.type, 1, ${prefix.length})`, '=', prefix) : query.where('e.type', '=', prefix);
  }
  if (filter.since !== undefined) query = query.where('e.occurred_at', '>=', filter.since);
  return query.orderBy('e.occurred_at', 'desc').orderBy('e.id', 'desc').limit(filter.limit).execute();
}

/**
 * The retention prune of the audit trail: deletes events older than `before`, in the caller's
 * transaction, which should also record that it pruned. On PostgreSQL the table refuses every
 * UPDATE and DELETE (migration 016) unless the transaction says it is this prune; SET LOCAL ends
 * with the transaction, so no later statement on the connection inherits it.
 */
export async function pruneAuditEventsBefore(trx: Transaction<Database>, before: string): Promise<number> {
  if (isPostgres(trx)) await sql`SET LOCAL tessera.audit_prune = 'on'`.execute(trx);
  const result = await trx.deleteFrom('audit_events').where('occurred_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One event by its id (a card import's event, which its cards name). */
export async function findAuditEvent(db: Executor, id: string): Promise<Pick<AuditEventsTable, 'occurred_at' | 'client' | 'detail'> | undefined> {
  return db.selectFrom('audit_events').select(['occurred_at', 'client', 'detail']).where('id', '=', id).executeTakeFirst();
}
