import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { apiClient, apiKeyFor, eur } from './helpers/brand-api.js';
import { withTwoProcessesOnRedis } from './helpers/redis.js';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app.js';

// The brand API's limit per address before the key lookup (brand-api/authenticate.ts): only
// failed authentications count, and refusals are audited once per address and minute.

const V1 = '/api/v1';
const TOKEN = 'a-metrics-token-of-enough-length';
const madeUpKey = () => `tsk_${randomBytes(32).toString('base64url')}`;

/** A mutable clock for deps.now, so a test can let the audit tally's minute pass. */
function clock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => (offset += ms) };
}

/** One call of the brand API from `remoteAddress`, with this key (null: no Authorization). */
function call(app: TestApp, remoteAddress: string, key: string | null, i = 0) {
  const authorization = key === null ? {} : { authorization: `Bearer ${key}` };
  // Spread over the routes: one count for the address, whatever the call.
  switch (i % 3) {
    case 0:
      return app.app.inject({ method: 'GET', url: `${V1}/cards/${randomUUID()}`, remoteAddress, headers: authorization });
    case 1:
      return app.app.inject({ method: 'POST', url: `${V1}/cards/lookup`, remoteAddress, headers: { ...authorization, 'idempotency-key': randomUUID() }, payload: { cardNumber: '6064361234567890' } });
    default:
      return app.app.inject({ method: 'POST', url: `${V1}/cards/${randomUUID()}/redemptions`, remoteAddress, headers: { ...authorization, 'idempotency-key': randomUUID() }, payload: { amount: eur(100) } });
  }
}

const auditOf = (app: TestApp, client: string) => app.db.selectFrom('audit_events').selectAll().where('client', '=', client).orderBy('occurred_at').execute();

async function metric(app: TestApp, reason: string): Promise<number> {
  const body = (await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const line = new RegExp(`^tessera_api_refused_calls_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(body);
  return line ? Number(line[1]) : 0;
}

describe('brand API: failed authentications per address (default limit)', () => {
  const time = clock();
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN }, now: time.now });

  it('answers 429 before the 400th of 400 calls with made-up keys, never 5xx, and writes fewer than 50 audit events for them', async () => {
    const address = '203.0.113.45';
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 400; i++) {
      const res = await call(t, address, i % 7 === 0 ? null : madeUpKey(), i);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        retryAfter ??= res.headers['retry-after'] as string;
        expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringContaining('failed authentications') });
      } else {
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    }
    expect(statuses.every((s) => s < 500)).toBe(true);
    // API_AUTH_FAILURES_PER_MINUTE (20 by default): 20 refusals of the key, then the address.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(380).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(await metric(t, 'unauthorized')).toBe(20);
    expect(await metric(t, 'address_limit')).toBe(380);

    // One event per 401; the 429s wait in the tally until their minute has passed.
    const client = '203.0.113.0/24';
    expect(await auditOf(t, client)).toHaveLength(20);
    time.advance(61_000);
    // The address's next refusal (its count still runs in the limiter) writes the ended minute.
    expect((await call(t, address, madeUpKey())).statusCode).toBe(429);
    await expect.poll(async () => (await auditOf(t, client)).filter((e) => e.type === 'api.refused')).toHaveLength(1);
    const events = await auditOf(t, client);
    expect(events.length).toBeLessThan(50);
    expect(events.filter((e) => e.type === 'api.call').every((e) => e.outcome === '401 UNAUTHORIZED')).toBe(true);
    expect(events.find((e) => e.type === 'api.refused')).toMatchObject({
      outcome: '429 RATE_LIMITED',
      brand_id: null,
      card_id: null,
      detail: expect.stringMatching(/^380 calls refused from \S+: too many failed authentications from this address$/),
    });
    // No key reaches the trail.
    expect(JSON.stringify(events)).not.toContain('tsk_');
  });

  it('does not count a valid key\u2019s calls: a brand sends far more than the failure limit from one address', async () => {
    const address = '203.0.113.77';
    const api = await apiKeyFor(t);
    for (let i = 0; i < 60; i++) expect((await call(t, address, api, i)).statusCode).not.toBe(429);
    // Its failures still count: a mistyped key, 20 times, then the address is refused.
    for (let i = 0; i < 20; i++) expect((await call(t, address, madeUpKey())).statusCode).toBe(401);
    expect((await call(t, address, madeUpKey())).statusCode).toBe(429);
    // Refused before the lookup, so a valid key from that address waits too; from another it works.
    const refused = await call(t, address, api);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(t, '203.0.114.77', api)).statusCode).not.toBe(429);
  });

  it('counts an IPv6 client by its /64, as the other per-address limits do', async () => {
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await call(t, `2001:db8:40:1::${(i + 1).toString(16)}`, madeUpKey())).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect((await call(t, '2001:db8:40:2::1', madeUpKey())).statusCode).toBe(401);
  });
});

describe('brand API: failed authentications at once', () => {
  const t = useTestApp({ env: { API_AUTH_FAILURES_PER_MINUTE: '5' } });

  it('lets no more than the limit of 100 calls sent together through as 401, each audited; the rest are 429', async () => {
    const address = '198.51.100.61';
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(t, address, madeUpKey(), i)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    expect(await auditOf(t, '198.51.100.0/24')).toHaveLength(5);
  });
});

describe('brand API: the key\u2019s own rate limit is tallied too', () => {
  const time = clock();
  const t = useTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3', METRICS_TOKEN: TOKEN }, now: time.now });

  it('audits the calls over a key\u2019s limit once a minute with their count, under the key', async () => {
    const key = await apiKeyFor(t);
    const api = apiClient(t.app, key);
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await api.get(`${V1}/cards/${randomUUID()}`)).statusCode);
    expect(statuses).toEqual([404, 404, 404, ...Array(9).fill(429)]);
    expect(await metric(t, 'key_limit')).toBe(9);
    const keyId = (await t.db.selectFrom('api_keys').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    const client = `api-key:${keyId}`;
    expect(await auditOf(t, client)).toHaveLength(3);
    time.advance(61_000);
    expect((await api.get(`${V1}/cards/${randomUUID()}`)).statusCode).toBe(429);
    await expect.poll(async () => (await auditOf(t, client)).filter((e) => e.type === 'api.refused')).toHaveLength(1);
    expect((await auditOf(t, client)).find((e) => e.type === 'api.refused')).toMatchObject({
      outcome: '429 RATE_LIMITED',
      detail: expect.stringMatching(/^9 calls refused from \S+: over the rate limit of this key$/),
    });
  });
});

describe('brand API: the failure count with several server processes', () => {
  it('is shared through Redis when REDIS_URL is set, and writes the open tally when a process stops', async () => {
    await withTwoProcessesOnRedis({ API_AUTH_FAILURES_PER_MINUTE: '4' }, async (a, b, address) => {
      const statuses = [];
      for (const app of [a, b, a, b, a, b]) statuses.push((await call(app, address, madeUpKey())).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // A valid key from the same network, on either process: refused until the minute is over.
      const key = await apiKeyFor(b);
      expect((await call(b, address, key)).statusCode).toBe(429);
      // b stops: its open minute (two refusals and the valid key's) is written before its database closes.
      await b.app.close();
      const db = createDatabase(b.config.database);
      try {
        const events = await db.selectFrom('audit_events').select(['type', 'detail']).where('type', '=', 'api.refused').execute();
        expect(events).toEqual([{ type: 'api.refused', detail: expect.stringMatching(/^2 calls refused from /) }]);
      } finally {
        await db.destroy();
      }
    });
  });
});

describe('brand API: the failure count while Redis is unreachable', () => {
  it('still refuses past the limit, counted in this process', async () => {
    const app = await createTestApp({ env: { API_AUTH_FAILURES_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await call(app, '198.51.100.90', madeUpKey(), i)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await app.close();
    }
  });
});
