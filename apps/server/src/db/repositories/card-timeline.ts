import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { SourceBound } from '../../domain/timeline-page.js';
import type { CardNotesTable } from '../schema.js';
import type { Insertable } from 'kysely';
import type { Executor } from './executor.js';

/**
 * The sources of a card's timeline, each read newest first by (time, id) through an index that
 * starts with the card (migration 018), from a keyset bound and at most `limit` rows: a page
 * costs the same on the first page of a card with ten entries and the hundredth of one with ten
 * thousand.
 */

/** Rows of a source that sort after the cursor (domain/timeline-page.ts boundFor). */
function after(at: Expression<string>, id: Expression<string>, bound: SourceBound | undefined): RawBuilder<SqlBool> {
  if (!bound) return sql<SqlBool>`1 = 1`;
  if (bound.sameInstant === 'all') return sql<SqlBool>`${at} <= ${bound.at}`;
  if (bound.sameInstant === 'none') return sql<SqlBool>`${at} < ${bound.at}`;
  // A row value: PostgreSQL and SQLite both compare it as (time, id) and walk the index to it.
  return sql<SqlBool>`(${at}, ${id}) < (${bound.at}, ${bound.id})`;
}

/** A source's page: the rows after the cursor, newest first by (`at`, `id`), at most `limit`. */
function newestPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  at: string,
  id: string,
  bound: SourceBound | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  return query.where(after(sql.ref(at), sql.ref(id), bound)).orderBy(sql.ref(at), 'desc').orderBy(sql.ref(id), 'desc').limit(limit);
}

export async function ledgerEntriesOfCard(db: Executor, cardId: string, bound: SourceBound | undefined, limit: number) {
  return db
    .selectFrom('ledger_entries as l')
    .leftJoin('api_ledger_entries as a', 'a.entry_id', 'l.id')
    .leftJoin('api_keys as k', 'k.id', 'a.api_key_id')
    .select(['l.id', 'l.created_at as at', 'l.kind', 'l.amount', 'l.asset_code', 'k.name as api_key_name'])
    .where('l.card_id', '=', cardId)
    .$call((query) => newestPage(query, 'l.created_at', 'l.id', bound, limit))
    .execute();
}

export async function auditEventsOfCard(db: Executor, cardId: string, excludeTypes: readonly string[], bound: SourceBound | undefined, limit: number) {
  return db
    .selectFrom('audit_events as e')
    .select(['e.id', 'e.occurred_at as at', 'e.type', 'e.outcome', 'e.actor', 'e.client', 'e.detail'])
    .where('e.card_id', '=', cardId)
    .where('e.type', 'not in', [...excludeTypes])
    .$call((query) => newestPage(query, 'e.occurred_at', 'e.id', bound, limit))
    .execute();
}

/** E-mails and SMS of the card (webhook events are the brand's, not the cardholder's). */
export async function messagesOfCard(db: Executor, cardId: string, bound: SourceBound | undefined, limit: number) {
  return db
    .selectFrom('outbox_messages as m')
    .select(['m.id', 'm.created_at as at', 'm.channel', 'm.purpose', 'm.status', 'm.recipient_hint'])
    .where('m.card_id', '=', cardId)
    .where('m.channel', 'in', ['email', 'sms'])
    .$call((query) => newestPage(query, 'm.created_at', 'm.id', bound, limit))
    .execute();
}

export async function payoutsOfCardPage(db: Executor, cardId: string, bound: SourceBound | undefined, limit: number) {
  return db
    .selectFrom('payouts as p')
    .select(['p.id', 'p.created_at as at', 'p.amount', 'p.fee', 'p.asset_code', 'p.iban_hint', 'p.status'])
    .where('p.card_id', '=', cardId)
    .$call((query) => newestPage(query, 'p.created_at', 'p.id', bound, limit))
    .execute();
}

/** The card's registration to a verified identity (at most one; its id is the card's). */
export async function registrationOfCard(db: Executor, cardId: string, bound: SourceBound | undefined) {
  return db
    .selectFrom('card_registrations as r')
    .select(['r.card_id as id', 'r.created_at as at'])
    .where('r.card_id', '=', cardId)
    .where(after(sql.ref('r.created_at'), sql.ref('r.card_id'), bound))
    .execute();
}

export async function notesOfCard(db: Executor, cardId: string, bound: SourceBound | undefined, limit: number) {
  return db
    .selectFrom('card_notes as n')
    .select(['n.id', 'n.created_at as at', 'n.text_ciphertext', 'n.author'])
    .where('n.card_id', '=', cardId)
    .$call((query) => newestPage(query, 'n.created_at', 'n.id', bound, limit))
    .execute();
}

export async function insertCardNote(db: Executor, note: Insertable<CardNotesTable>): Promise<void> {
  await db.insertInto('card_notes').values(note).execute();
}
