import type { Updateable } from 'kysely';
import type { OutboxMessageRow, OutboxMessagesTable } from '../schema.js';
import type { Executor } from './executor.js';

/**
 * The outbox worker's statements (delivery/worker.ts). Portable on SQLite and PostgreSQL: a
 * claim is one conditional UPDATE whose affected-row count says whether this worker won it.
 */

/** Ids of pending messages of these channels that are due and not leased by a live worker. */
export async function findDueMessageIds(db: Executor, channels: readonly string[], now: string, limit: number): Promise<string[]> {
  if (channels.length === 0) return [];
  const rows = await db
    .selectFrom('outbox_messages')
    .select('id')
    .where('status', '=', 'pending')
    .where('channel', 'in', channels as OutboxMessageRow['channel'][])
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a due message for this worker until `leaseUntil`. Answers the row when this call won it,
 * undefined when another worker holds it, it is no longer pending, or it is not due (yet).
 * On PostgreSQL a concurrent claim waits for the row lock and then re-checks the condition, so
 * exactly one of two racing workers sees one updated row; SQLite serialises writes anyway.
 */
export async function claimMessage(db: Executor, id: string, now: string, leaseUntil: string): Promise<OutboxMessageRow | undefined> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ lease_until: leaseUntil, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).where('lease_until', '=', leaseUntil).executeTakeFirst();
}

/**
 * Completes a claimed attempt: every completion below is conditional on the lease this worker
 * took. lease_until is strictly later for every new claim, so it identifies the claim, and a
 * worker whose lease ran out and was taken over changes nothing. Answers whether the row was updated.
 */
async function completeLeased(db: Executor, id: string, leaseUntil: string, changes: Updateable<OutboxMessagesTable>): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('lease_until', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSent(db: Executor, id: string, leaseUntil: string, attempts: number, via: string, now: string): Promise<boolean> {
  return completeLeased(db, id, leaseUntil, {
    status: 'sent',
    payload_ciphertext: null,
    attempts,
    delivered_via: via,
    sent_at: now,
    lease_until: null,
    last_error: null,
    updated_at: now,
  });
}

export async function markRetry(
  db: Executor,
  id: string,
  leaseUntil: string,
  attempts: number,
  nextAttemptAt: string,
  lastError: string,
  now: string,
): Promise<boolean> {
  return completeLeased(db, id, leaseUntil, { attempts, next_attempt_at: nextAttemptAt, last_error: lastError, lease_until: null, updated_at: now });
}

/**
 * A message failed for good. `keepPayload`: it was given up after its attempts (the relay away for
 * hours), so the operator may send it again (`tessera outbox retry`) until housekeeping erases its
 * content; a permanent refusal (no such mailbox) has nothing to retry and is erased at once.
 */
export async function markFailed(
  db: Executor,
  id: string,
  leaseUntil: string,
  attempts: number,
  lastError: string,
  now: string,
  keepPayload = false,
): Promise<boolean> {
  return completeLeased(db, id, leaseUntil, { status: 'failed', ...(keepPayload ? {} : { payload_ciphertext: null }), attempts, last_error: lastError, lease_until: null, updated_at: now });
}

/** What the operator sees of a message: its metadata (never its content), the brand's code and the card's last digits. */
export type OutboxListing = Omit<OutboxMessageRow, 'payload_ciphertext' | 'dedupe_key'> & {
  brand_code: string | null;
  card_last3: string | null;
  /** The encrypted content is still held (pending, or failed after its attempts and not yet erased). */
  has_content: boolean;
};

function listingQuery(db: Executor) {
  return db
    .selectFrom('outbox_messages as m')
    .leftJoin('brands as b', 'b.id', 'm.brand_id')
    .leftJoin('cards as c', 'c.id', 'm.card_id')
    .select([
      'm.id',
      'm.channel',
      'm.purpose',
      'm.brand_id',
      'm.card_id',
      'm.recipient_hint',
      'm.status',
      'm.attempts',
      'm.next_attempt_at',
      'm.lease_until',
      'm.last_error',
      'm.delivered_via',
      'm.created_at',
      'm.sent_at',
      'm.updated_at',
      'b.code as brand_code',
      'c.number_last3 as card_last3',
    ])
    .select((eb) => eb.case().when('m.payload_ciphertext', 'is', null).then(0).else(1).end().as('has_content'));
}

const asListing = <R extends { has_content: unknown }>(row: R) => ({ ...row, has_content: Number(row.has_content) === 1 });

/** Messages with these statuses, newest first. */
export async function listOutboxMessages(db: Executor, statuses: readonly OutboxMessageRow['status'][], limit: number): Promise<OutboxListing[]> {
  const rows = await listingQuery(db).where('m.status', 'in', [...statuses]).orderBy('m.created_at', 'desc').orderBy('m.id').limit(limit).execute();
  return rows.map(asListing);
}

export async function findOutboxMessage(db: Executor, id: string): Promise<OutboxListing | undefined> {
  const row = await listingQuery(db).where('m.id', '=', id).executeTakeFirst();
  return row && asListing(row);
}

/**
 * Makes a message due now for the workers: a pending one skips its back-off wait; a failed one
 * whose content is still held becomes pending with its attempts counted from 0. Conditional on
 * the status the caller saw and on no live lease, so a message a worker is sending is not touched.
 */
export async function requeueMessage(db: Executor, id: string, from: 'pending' | 'failed', now: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'pending', next_attempt_at: now, updated_at: now, ...(from === 'failed' ? { attempts: 0 } : {}) })
    .where('id', '=', id)
    .where('status', '=', from)
    .where('payload_ciphertext', 'is not', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Erases the content of messages that failed before `before` (kept for a retry until then); answers how many. */
export async function eraseFailedPayloadsBefore(db: Executor, before: string): Promise<number> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ payload_ciphertext: null })
    .where('status', '=', 'failed')
    .where('payload_ciphertext', 'is not', null)
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What support may see of a card's messages, oldest first: never the content or the address, only its masked hint. */
export async function listMessagesOfCard(db: Executor, cardId: string) {
  return db.selectFrom('outbox_messages').select(['id', 'created_at', 'channel', 'purpose', 'status', 'recipient_hint']).where('card_id', '=', cardId).orderBy('created_at').execute();
}

/** A card's messages of one purpose, newest first, without content (has the e-mail been sent, is one still waiting?). */
export async function listMessagesOfCardFor(db: Executor, cardId: string, purpose: string) {
  return db
    .selectFrom('outbox_messages')
    .select(['id', 'status', 'attempts', 'next_attempt_at', 'last_error', 'updated_at'])
    .where('card_id', '=', cardId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The id of the message queued under this dedupe key, if any. */
export async function findMessageIdByDedupeKey(db: Executor, dedupeKey: string): Promise<string | undefined> {
  return (await db.selectFrom('outbox_messages').select('id').where('dedupe_key', '=', dedupeKey).executeTakeFirst())?.id;
}

/**
 * A holder's data erased on request: the content of the card's messages still held is erased and
 * they are marked failed, so nothing more is sent to the holder. Answers how many.
 */
export async function eraseMessagesOfCard(db: Executor, cardId: string, reason: string, now: string): Promise<number> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'failed', payload_ciphertext: null, last_error: reason, lease_until: null, updated_at: now })
    .where('card_id', '=', cardId)
    .where('payload_ciphertext', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One endpoint's due webhook deliveries as the lane sees them, with the endpoint's health. */
export interface WebhookLaneRow {
  /** Null for messages a previous release queued without it (a rolling upgrade). */
  endpoint_id: string | null;
  /** Due deliveries a live worker (in any process) is sending now. */
  leased: number;
  /** Due deliveries no worker holds. */
  waiting: number;
  oldest: string;
  consecutive_failures: number;
  paused_until: string | null;
  switched_off_at: string | null;
}

/**
 * The endpoints that have due webhook deliveries, the longest-waiting first: one row per
 * endpoint, however many events wait for it, so a flood to one cannot hide the others.
 */
export async function listDueWebhookLanes(db: Executor, now: string): Promise<WebhookLaneRow[]> {
  const rows = await db
    .selectFrom('outbox_messages as m')
    .leftJoin('webhook_endpoints as e', 'e.id', 'm.endpoint_id')
    .select(['m.endpoint_id', 'e.consecutive_failures', 'e.paused_until', 'e.switched_off_at'])
    .select((eb) => [
      eb.fn.countAll().as('due'),
      eb.fn
        .sum(
          eb
            .case()
            .when(eb.and([eb('m.lease_until', 'is not', null), eb('m.lease_until', '>=', now)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('leased'),
      eb.fn.min('m.next_attempt_at').as('oldest'),
    ])
    .where('m.channel', '=', 'webhook')
    .where('m.status', '=', 'pending')
    .where('m.next_attempt_at', '<=', now)
    .groupBy(['m.endpoint_id', 'e.consecutive_failures', 'e.paused_until', 'e.switched_off_at'])
    .execute();
  return rows
    .map((r) => ({
      endpoint_id: r.endpoint_id,
      leased: Number(r.leased),
      waiting: Number(r.due) - Number(r.leased),
      oldest: String(r.oldest),
      consecutive_failures: Number(r.consecutive_failures ?? 0),
      paused_until: r.paused_until,
      switched_off_at: r.switched_off_at,
    }))
    .sort((a, b) => (a.oldest < b.oldest ? -1 : a.oldest > b.oldest ? 1 : 0));
}

/** An endpoint's due webhook deliveries, oldest first, those being sent (leased) among them. */
export async function listDueWebhookMessages(
  db: Executor,
  endpointId: string | null,
  now: string,
  limit: number,
): Promise<{ id: string; card_id: string | null; leased: boolean }[]> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['id', 'card_id', 'lease_until'])
    .where('channel', '=', 'webhook')
    .where((eb) => (endpointId === null ? eb('endpoint_id', 'is', null) : eb('endpoint_id', '=', endpointId)))
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, card_id: r.card_id, leased: r.lease_until !== null && r.lease_until >= now }));
}

/**
 * The due deliveries of a switched-off endpoint are failed without an attempt, their content
 * kept (like a message given up after its attempts) so switching the endpoint on sends them, until
 * housekeeping erases it. Answers how many.
 */
export async function holdWebhookMessagesOfSwitchedOff(db: Executor, endpointId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'failed', last_error: 'the webhook endpoint is switched off', lease_until: null, updated_at: now })
    .where('channel', '=', 'webhook')
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Makes an endpoint's deliveries due now: pending ones skip their wait, failed ones whose content
 * is still held (given up, or held while it was switched off) become pending with their attempts
 * counted from 0. Not those a worker is sending now. Answers how many.
 */
export async function requeueWebhookMessagesOf(db: Executor, endpointId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'pending', next_attempt_at: now, attempts: 0, updated_at: now })
    .where('channel', '=', 'webhook')
    .where('endpoint_id', '=', endpointId)
    .where('status', 'in', ['pending', 'failed'])
    .where('payload_ciphertext', 'is not', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Per endpoint: deliveries waiting (pending) and missed ones that can still be sent (failed, content held). */
export async function countWebhookBacklog(db: Executor): Promise<Map<string, { waiting: number; missed: number }>> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['endpoint_id', 'status'])
    .select((eb) => eb.fn.countAll().as('n'))
    .where('channel', '=', 'webhook')
    .where('endpoint_id', 'is not', null)
    .where('status', 'in', ['pending', 'failed'])
    .where('payload_ciphertext', 'is not', null)
    .groupBy(['endpoint_id', 'status'])
    .execute();
  const backlog = new Map<string, { waiting: number; missed: number }>();
  for (const r of rows) {
    const entry = backlog.get(r.endpoint_id!) ?? { waiting: 0, missed: 0 };
    if (r.status === 'pending') entry.waiting = Number(r.n);
    else entry.missed = Number(r.n);
    backlog.set(r.endpoint_id!, entry);
  }
  return backlog;
}
