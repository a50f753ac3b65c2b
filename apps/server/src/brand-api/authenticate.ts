import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PURPOSE } from '../crypto/index.js';
import { findApiKeyByHash, rehashApiKey, touchApiKey } from '../db/repositories/api-keys.js';
import type { ServiceDeps } from '../deps.js';
import { API_KEY_LAST_USE_INTERVAL_MS, API_KEY_PATTERN, type ApiScope, isApiScope } from '../domain/brand-api-rules.js';
import { truncateAddress } from '../domain/client-address.js';
import { AppError } from '../errors.js';
import { apiActor, type ApiCaller } from './caller.js';

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

const unauthorized = () => new AppError('UNAUTHORIZED', 'Send a valid API key: Authorization: Bearer tsk_…');

/** The caller the authentication set; a route of the brand API always has one. */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new Error('a brand API route ran without its authentication');
  return request.apiCaller;
}

type RateLimiter = (request: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

/**
 * The brand API's gate, on every route of its scope, before the body is read:
 * 1. `Authorization: Bearer <key>`: found by its keyed hash, not revoked; else 401 UNAUTHORIZED;
 * 2. the key's rate limit, one count per key over all calls (shared through Redis when
 *    REDIS_URL is set): 429 RATE_LIMITED with Retry-After;
 * 3. the route's scope: else 403 FORBIDDEN;
 * 4. its last use, written at most once a minute (a busy key costs no write per call).
 * Every call is audited (`api.call`, client `api-key:ID`, the route and the status) before its
 * answer goes out; a call without a valid key by its truncated address.
 */
export function installApiAuthentication(app: FastifyInstance, deps: ServiceDeps, limiter: RateLimiter): void {
  app.decorateRequest('apiCaller', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer (\S+)$/i.exec(header) : null;
    if (!match || !API_KEY_PATTERN.test(match[1]!)) throw unauthorized();
    const hashes = deps.crypto.blindIndex.candidates(PURPOSE.apiKey, match[1]!);
    const key = await findApiKeyByHash(deps.db, hashes);
    if (!key || key.revoked_at !== null) throw unauthorized();
    if (key.key_hash !== hashes[0]) await rehashApiKey(deps.db, key.id, key.key_hash, hashes[0]);
    request.apiCaller = { keyId: key.id, keyName: key.name, brandId: key.brand_id, scopes: key.scopes.split(',').filter(isApiScope) };

    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw new AppError('RATE_LIMITED', 'Too many requests with this API key; retry after the time Retry-After says.');
    }
    const scope = request.routeOptions.config.apiScope;
    if (scope && !request.apiCaller.scopes.includes(scope)) throw new AppError('FORBIDDEN', `This API key lacks the scope ${scope}.`);

    const now = deps.now();
    if (key.last_used_at === null || now.getTime() - Date.parse(key.last_used_at) >= API_KEY_LAST_USE_INTERVAL_MS) {
      await touchApiKey(deps.db, key.id, now.toISOString(), new Date(now.getTime() - API_KEY_LAST_USE_INTERVAL_MS).toISOString());
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
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
