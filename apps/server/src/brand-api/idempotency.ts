import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PURPOSE } from '../crypto/index.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
} from '../db/repositories/idempotency-keys.js';
import type { Executor } from '../db/repositories/executor.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { ApiCaller } from './caller.js';
import { idempotencyKeyField } from './schemas.js';

/** An in-flight claim older than this was left by a request that died: another request may take it over. */
export const IDEMPOTENCY_LOCK_MS = 60_000;

/**
 * Stores the answer of the request that holds the key, with the executor given: the use case's
 * own transaction, so the answer commits with the change or not at all. Throws
 * IDEMPOTENCY_KEY_IN_USE (rolling that transaction back) when the claim was taken over meanwhile.
 */
export type StoreAnswer<T> = (db: Executor, body: T) => Promise<void>;

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now'>;

/** JSON with object keys sorted: the same parameters in another order are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The Idempotency-Key header, by the schema the API document publishes (1 to 255 characters),
 * else 400 IDEMPOTENCY_KEY_REQUIRED. A route's preValidation hook calls it too, so a POST without
 * a key is refused as such before its body is judged.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = idempotencyKeyField.safeParse(request.headers['idempotency-key']);
  if (!key.success) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 'Send an Idempotency-Key header of 1 to 255 characters with every POST.');
  }
  return key.data;
}

/** Business refusals are answers of the call: stored and replayed. A malformed request or a failure is not. */
const isStoredRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.status >= 400 && error.status < 500 && error.code !== 'VALIDATION_ERROR' && error.code !== 'IDEMPOTENCY_KEY_IN_USE';

/**
 * Runs a POST of the brand API once per (API key, Idempotency-Key), across every server process:
 * 1. the key is claimed by an INSERT of its own (committed at once: other processes see it);
 * 2. a key already there: the same request done → its answer again with Idempotent-Replayed;
 *    another request (method, path or body) → 422 IDEMPOTENCY_KEY_REUSED; still running → 409
 *    IDEMPOTENCY_KEY_IN_USE, unless its claim expired (the process died): then this request takes it over;
 * 3. `run` does the work and stores its answer through `store` inside its own transaction; a read
 *    that has none is stored after it. A business refusal (404, 400 BALANCE_TOO_LOW, …) is stored
 *    and replayed too; an invalid body or an unexpected failure lets the key go, so a retry runs again.
 * The request hash is a keyed hash (a lookup's body holds a card number), the stored answer is
 * encrypted (an issued card's number and codes are in it).
 */
export async function idempotently<T>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: ApiCaller,
  status: number,
  run: (store: StoreAnswer<T>) => Promise<T>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  // Stored under the current index key; an earlier claim may be under the previous one while a rotation is under way.
  const requestHashes = deps.crypto.blindIndex.candidates(PURPOSE.idempotentRequest, `${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`);
  const claimId = randomUUID();
  const claim = await claimOrReplay(deps, caller.keyId, key, requestHashes, claimId);
  if (claim.kind === 'replay') {
    return reply.code(claim.status).header('idempotent-replayed', 'true').header('cache-control', 'no-store').send(claim.body);
  }

  let stored = false;
  const storeAs = async (db: Executor, answerStatus: number, body: unknown) => {
    const responseCiphertext = deps.crypto.cipher.encrypt(JSON.stringify(body), PURPOSE.idempotentResponse);
    if (!(await completeIdempotencyKey(db, caller.keyId, key, claimId, { status: answerStatus, responseCiphertext }))) {
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'Another request with this Idempotency-Key took over; nothing was changed by this one.');
    }
    stored = true;
  };
  let body: T;
  try {
    body = await run((db, answer) => storeAs(db, status, answer));
    if (!stored) await storeAs(deps.db, status, body);
  } catch (error) {
    if (isStoredRefusal(error)) {
      await storeAs(deps.db, error.status, { code: error.code, message: error.message }).catch(() => undefined);
    } else {
      await releaseIdempotencyKey(deps.db, caller.keyId, key, claimId).catch(() => undefined);
    }
    throw error;
  }
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

type Claim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: unknown };

async function claimOrReplay(deps: Deps, apiKeyId: string, key: string, requestHashes: readonly [string, string], claimId: string): Promise<Claim> {
  // A holder that lets its key go between our INSERT and SELECT leaves no row: claim again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = deps.now();
    const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LOCK_MS).toISOString();
    const row = { id: randomUUID(), api_key_id: apiKeyId, key, request_hash: requestHashes[0], state: 'in_flight' as const, claim_id: claimId, locked_until: lockedUntil, status: null, response_ciphertext: null, created_at: now.toISOString() };
    if (await claimIdempotencyKey(deps.db, row)) return { kind: 'claimed' };
    const earlier = await findIdempotencyKey(deps.db, apiKeyId, key);
    if (!earlier) continue;
    if (!requestHashes.includes(earlier.request_hash)) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request; nothing was changed. Use a new key for a new operation.');
    }
    if (earlier.state === 'done') {
      return { kind: 'replay', status: Number(earlier.status), body: JSON.parse(deps.crypto.cipher.decrypt(earlier.response_ciphertext!, PURPOSE.idempotentResponse)) };
    }
    if (earlier.locked_until > now.toISOString()) {
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry once it has answered.');
    }
    if (await takeOverIdempotencyKey(deps.db, apiKeyId, key, earlier.claim_id, { claimId, lockedUntil })) return { kind: 'claimed' };
  }
  throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry once it has answered.');
}
