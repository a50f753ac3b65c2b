import type { OutboxMessageRow } from '../schema.js';
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
    .where('channel', 'in', channels as ('email' | 'sms')[])
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

// Every completion below is conditional on the lease this worker took: lease_until is strictly
// later for every new claim, so it identifies the claim, and a worker whose lease ran out and was
// taken over changes nothing. Each answers whether the row was updated.

export async function markSent(db: Executor, id: string, leaseUntil: string, attempts: number, via: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({
      status: 'sent',
      payload_ciphertext: null,
      attempts,
      delivered_via: via,
      sent_at: now,
      lease_until: null,
      last_error: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('lease_until', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
  const result = await db
    .updateTable('outbox_messages')
    .set({ attempts, next_attempt_at: nextAttemptAt, last_error: lastError, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('lease_until', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markFailed(db: Executor, id: string, leaseUntil: string, attempts: number, lastError: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'failed', payload_ciphertext: null, attempts, last_error: lastError, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('lease_until', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
