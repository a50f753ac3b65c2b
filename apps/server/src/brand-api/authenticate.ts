import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PURPOSE } from '../crypto/index.js';
import { findApiKeyByHash, rehashApiKey, touchApiKey } from '../db/repositories/api-keys.js';
import type { ServiceDeps } from '../deps.js';
import { API_KEY_LAST_USE_INTERVAL_MS, API_KEY_PATTERN, type ApiScope, isApiScope } from '../domain/brand-api-rules.js';
import { truncateAddress } from '../domain/client-address.js';
import { AppError } from '../errors.js';
import { apiActor, type ApiCaller } from './caller.js';
import { RefusalTally, type TalliedReason } from './refusal-tally.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the brand API's authentication (onRequest); null on every other route. */
    apiCaller: ApiCaller | null;
  }
  interface FastifyContextConfig {
    /** A brand API route: the scope its key needs. */
    apiScope?: ApiScope;
  }
}

/** How often ended windows of refused calls are written. */
const TALLY_SWEEP_MS = 10_000;

const unauthorized = () => new AppError('UNAUTHORIZED', 'Send a valid API key: Authorization: Bearer tsk_…');

/** The key of an `Authorization: Bearer <key>` header, if it is one, known and not revoked. */
async function findKey(deps: ServiceDeps, header: string | undefined) {
  const match = typeof header === 'string' ? /^Bearer (\S+)$/i.exec(header) : null;
  if (!match || !API_KEY_PATTERN.test(match[1]!)) return null;
  const hashes = deps.crypto.blindIndex.candidates(PURPOSE.apiKey, match[1]!);
  const key = await findApiKeyByHash(deps.db, hashes);
  if (!key || key.revoked_at !== null) return null;
  if (key.key_hash !== hashes[0]) await rehashApiKey(deps.db, key.id, key.key_hash, hashes[0]);
  return key;
}

/** The caller the authentication set; a route of the brand API always has one. */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new Error('a brand API route ran without its authentication');
  return request.apiCaller;
}

type RateLimit = { isAllowed: true } | { isAllowed: false; isExceeded: boolean; remaining: number; ttlInSeconds: number };
type RateLimiter = (request: FastifyRequest, options?: { increment?: boolean }) => Promise<RateLimit>;

/** The gate's two counts (routes.ts makes them with @fastify/rate-limit, in Redis when REDIS_URL is set). */
export interface ApiLimiters {
  /** Calls of one key, over all its calls. */
  perKey: RateLimiter;
  /** Failed authentications of one address: read before the key lookup, counted after a failure. */
  failuresPerAddress: RateLimiter;
}

/**
 * The brand API's gate, on every route of its scope, before the body is read:
 * 1. the address's failed authentications this minute: at the limit, 429 RATE_LIMITED with
 *    Retry-After before the key is even looked up (a loop of made-up keys costs no lookup and no
 *    audit event per call); only failures count, so a valid key's traffic never uses it up;
 * 2. `Authorization: Bearer <key>`: found by its keyed hash, not revoked; else 401 UNAUTHORIZED
 *    and one failure more for the address (the failure that goes over the limit: 429 instead);
 * 3. the key's rate limit, one count per key over all calls: 429 RATE_LIMITED with Retry-After;
 * 4. the route's scope: else 403 FORBIDDEN;
 * 5. its last use, written at most once a minute (a busy key costs no write per call).
 * Every call is audited (`api.call`, client `api-key:ID`, the route and the status) before its
 * answer goes out, a call without a valid key by its truncated address; except the 429s, which
 * count in one `api.refused` event per client and minute (refusal-tally.ts). Every refusal counts
 * in `tessera_api_refused_calls_total{reason}`.
 */
export function installApiAuthentication(app: FastifyInstance, deps: ServiceDeps, limiters: ApiLimiters): void {
  const tally = new RefusalTally({
    record: (event, now) => deps.audit.record(event, now),
    onError: (error) => app.log.error({ err: error }, 'the brand API could not audit its refused calls'),
  });
  // Ended windows are written within seconds even when their client has gone quiet.
  const sweep = setInterval(() => void tally.flushEnded(deps.now()), TALLY_SWEEP_MS);
  sweep.unref();
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    await tally.flushAll(deps.now());
  });
  const tallied = new WeakSet<FastifyRequest>();

  const refuse = (reason: 'unauthorized' | 'forbidden', error: AppError): AppError => {
    deps.metrics.apiRefusals.inc({ reason });
    return error;
  };
  const rateLimited = (request: FastifyRequest, reply: FastifyReply, reason: TalliedReason, retryAfterSeconds: number, message: string): AppError => {
    deps.metrics.apiRefusals.inc({ reason });
    tally.add({ client: request.apiCaller ? apiActor(request.apiCaller) : truncateAddress(request.ip), brandId: request.apiCaller?.brandId ?? null, reason }, deps.now());
    tallied.add(request);
    reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
    return new AppError('RATE_LIMITED', message);
  };
  const tooManyFailures = 'Too many failed authentications from this address; retry after the time Retry-After says.';

  app.decorateRequest('apiCaller', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const failures = await limiters.failuresPerAddress(request, { increment: false });
    if (!failures.isAllowed && failures.remaining === 0) throw rateLimited(request, reply, 'address_limit', failures.ttlInSeconds, tooManyFailures);

    const key = await findKey(deps, request.headers.authorization);
    if (!key) {
      const counted = await limiters.failuresPerAddress(request);
      // Calls that passed the read together: the one that goes over the limit is refused as such.
      if (!counted.isAllowed && counted.isExceeded) throw rateLimited(request, reply, 'address_limit', counted.ttlInSeconds, tooManyFailures);
      throw refuse('unauthorized', unauthorized());
    }
    request.apiCaller = { keyId: key.id, keyName: key.name, brandId: key.brand_id, scopes: key.scopes.split(',').filter(isApiScope) };

    const limit = await limiters.perKey(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw rateLimited(request, reply, 'key_limit', limit.ttlInSeconds, 'Too many requests with this API key; retry after the time Retry-After says.');
    }
    const scope = request.routeOptions.config.apiScope;
    if (scope && !request.apiCaller.scopes.includes(scope)) throw refuse('forbidden', new AppError('FORBIDDEN', `This API key lacks the scope ${scope}.`));

    const now = deps.now();
    if (key.last_used_at === null || now.getTime() - Date.parse(key.last_used_at) >= API_KEY_LAST_USE_INTERVAL_MS) {
      await touchApiKey(deps.db, key.id, now.toISOString(), new Date(now.getTime() - API_KEY_LAST_USE_INTERVAL_MS).toISOString());
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (tallied.has(request)) return payload;
    const caller = request.apiCaller;
    const cardId = reply.statusCode < 400 && request.routeOptions.url?.startsWith('/api/v1/cards/:id') ? (request.params as { id?: string }).id : undefined;
    await deps.audit.record(
      {
        type: 'api.call',
        outcome: reply.errorCode ? `${reply.statusCode} ${reply.errorCode}` : String(reply.statusCode),
        brandId: caller?.brandId ?? null,
        cardId: cardId ?? null,
        client: caller ? apiActor(caller) : truncateAddress(request.ip),
        detail: `${request.method} ${request.routeOptions.url ?? '(no route)'}${reply.getHeader('idempotent-replayed') ? ' (replayed)' : ''}`,
      },
      deps.now().toISOString(),
    );
    return payload;
  });
}
