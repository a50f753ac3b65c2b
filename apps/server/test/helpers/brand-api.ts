import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiScope } from '../../src/domain/brand-api-rules.js';
import { API_SCOPES } from '../../src/domain/brand-api-rules.js';
import { createApiKey } from '../../src/operator/api-keys.js';
import type { TestApp } from './test-app.js';

/** A brand API key made as `tessera api-keys create` makes it. */
export async function apiKeyFor(t: Pick<TestApp, 'db' | 'deps'>, brandCode = 'DEMO', scopes: ApiScope[] = [...API_SCOPES]): Promise<string> {
  const created = await createApiKey({ db: t.db, crypto: t.deps.crypto, now: () => new Date(), operator: 'test' }, { brandCode, name: `test ${randomUUID().slice(0, 8)}`, scopes });
  return created.key;
}

/** A brand API client over app.inject: POSTs get a fresh Idempotency-Key unless one is given (null: none). */
export function apiClient(app: Pick<FastifyInstance, 'inject'>, key: string | null) {
  const auth = key === null ? {} : { authorization: `Bearer ${key}` };
  return {
    post: (url: string, payload: unknown, idempotencyKey: string | null = randomUUID()): Promise<LightMyRequestResponse> =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: { ...auth, ...(idempotencyKey !== null && { 'idempotency-key': idempotencyKey }) } }),
    get: (url: string): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers: auth }),
  };
}

export const eur = (value: number) => ({ value, assetCode: 'EUR' });
