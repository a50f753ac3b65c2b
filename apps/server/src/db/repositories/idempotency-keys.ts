import { preparedQuery } from '../prepared.js';
import type { IdempotencyKeysTable } from '../schema.js';
import type { Executor } from './executor.js';

export type IdempotencyRow = IdempotencyKeysTable;

/**
 * Claims (api key, Idempotency-Key) for one request: the row goes in as in flight, or nothing
 * happens because a row is there. The conflict is absorbed by the statement (no aborted
 * transaction on PostgreSQL), and the unique primary key decides between processes.
 */
export async function claimIdempotencyKey(db: Executor, row: IdempotencyRow): Promise<boolean> {
  return (await claim(db, { ...row })).length === 1;
}

// Prepared: every POST of the brand API claims a key and stores an answer.
const claim = preparedQuery((db, p: IdempotencyRow & Record<string, string | number | null>) =>
  db
    .insertInto('idempotency_keys')
    .values({
      id: p.id,
      api_key_id: p.api_key_id,
      key: p.key,
      request_hash: p.request_hash,
      state: p.state,
      claim_id: p.claim_id,
      locked_until: p.locked_until,
      status: p.status,
      response_ciphertext: p.response_ciphertext,
      created_at: p.created_at,
    })
    .onConflict((oc) => oc.columns(['api_key_id', 'key']).doNothing())
    .returning('id'),
);

const complete = preparedQuery((db, p: { apiKeyId: string; key: string; claimId: string; status: number; responseCiphertext: string }) =>
  db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status: p.status, response_ciphertext: p.responseCiphertext })
    .where('api_key_id', '=', p.apiKeyId)
    .where('key', '=', p.key)
    .where('claim_id', '=', p.claimId)
    .where('state', '=', 'in_flight')
    .returning('id'),
);

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
  return (await complete(db, { apiKeyId, key, claimId, ...answer })).length === 1;
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
