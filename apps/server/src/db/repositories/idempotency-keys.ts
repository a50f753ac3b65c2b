import type { IdempotencyKeysTable } from '../schema.js';
import type { Executor } from './executor.js';

export type IdempotencyRow = IdempotencyKeysTable;

/**
 * Claims (api key, Idempotency-Key) for one request: the row goes in as in flight, or nothing
 * happens because a row is there. The conflict is absorbed by the statement (no aborted
 * transaction on PostgreSQL), and the unique primary key decides between processes.
 */
export async function claimIdempotencyKey(db: Executor, row: IdempotencyRow): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['api_key_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findIdempotencyKey(db: Executor, apiKeyId: string, key: string): Promise<IdempotencyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('api_key_id', '=', apiKeyId).where('key', '=', key).executeTakeFirst();
}

/** Takes over an in-flight claim whose holder is gone (its lock expired): only if it still holds it. */
export async function takeOverIdempotencyKey(db: Executor, apiKeyId: string, key: string, from: string, to: { claimId: string; lockedUntil: string }): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ claim_id: to.claimId, locked_until: to.lockedUntil })
    .where('api_key_id', '=', apiKeyId)
    .where('key', '=', key)
    .where('claim_id', '=', from)
    .where('state', '=', 'in_flight')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores the answer of the claim's request; false when the claim is no longer this request's. */
export async function completeIdempotencyKey(
  db: Executor,
  apiKeyId: string,
  key: string,
  claimId: string,
  answer: { status: number; responseCiphertext: string },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status: answer.status, response_ciphertext: answer.responseCiphertext })
    .where('api_key_id', '=', apiKeyId)
    .where('key', '=', key)
    .where('claim_id', '=', claimId)
    .where('state', '=', 'in_flight')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets go of a claim whose request changed nothing (it failed unexpectedly): a retry runs afresh. */
export async function releaseIdempotencyKey(db: Executor, apiKeyId: string, key: string, claimId: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('api_key_id', '=', apiKeyId).where('key', '=', key).where('claim_id', '=', claimId).where('state', '=', 'in_flight').execute();
}

/** Deletes keys created before the cutoff (kept at least 24 hours); answers how many. */
export async function deleteIdempotencyKeysBefore(db: Executor, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
