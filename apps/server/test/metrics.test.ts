import { describe, expect, it } from 'vitest';
import { lookupBody } from './helpers/demo.js';
import { TEST_REDIS_URL } from './helpers/redis.js';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app.js';

// GET /metrics after known traffic (docs/operations.md#monitoring-and-housekeeping), and /readyz.

const TOKEN = 'a-metrics-token-of-enough-length';
const t = useTestApp({ env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '1000' } });

async function scrape(app: TestApp = t): Promise<string> {
  const res = await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series in Prometheus text, 0 when it is not there. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const lookup = (overrides: Record<string, unknown> = {}, flowType = 'BALANCE') =>
  t.app.inject({ method: 'POST', url: '/api/GiftCard/', headers: { 'x-flow-type': flowType }, payload: lookupBody('GIFT_BALANCE', overrides) });

describe('metrics', () => {
  it('counts answers by route and status, customer calls by flow and outcome, and captcha refusals', async () => {
    const before = await scrape();
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup({ pinCode: '000000' })).statusCode).toBe(404);
    expect((await lookup({ 'g-recaptcha-response': 'wrong' })).statusCode).toBe(400);
    expect((await lookup({ 'g-recaptcha-response': undefined })).statusCode).toBe(400);
    expect((await lookup({}, 'NOPE')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/theme/nobody' })).statusCode).toBe(404);
    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);

    expect(delta('tessera_customer_calls_total{flow="BALANCE",outcome="OK"}')).toBe(2);
    expect(delta('tessera_customer_calls_total{flow="BALANCE",outcome="CARD_NOT_FOUND"}')).toBe(1);
    expect(delta('tessera_customer_calls_total{flow="BALANCE",outcome="CAPTCHA_INVALID"}')).toBe(2);
    expect(delta('tessera_customer_calls_total{flow="none",outcome="VALIDATION_ERROR"}')).toBe(1);
    expect(delta('tessera_captcha_refusals_total{provider="test",reason="invalid"}')).toBe(1);
    expect(delta('tessera_captcha_refusals_total{provider="test",reason="missing"}')).toBe(1);
    expect(delta('tessera_http_request_duration_seconds_count{method="POST",route="/api/GiftCard/",status="200"}')).toBe(2);
    expect(delta('tessera_http_request_duration_seconds_count{method="POST",route="/api/GiftCard/",status="404"}')).toBe(1);
    expect(delta('tessera_http_request_duration_seconds_count{method="GET",route="/api/theme/:id",status="404"}')).toBe(1);
    // The route's pattern, never the path: brand slugs and ids do not become label values.
    expect(after).not.toContain('nobody');
  });

  it('reads the outbox and the payouts from the database when scraped', async () => {
    const at = new Date(Date.now() - 90_000).toISOString();
    await t.db
      .insertInto('outbox_messages')
      .values({
        id: crypto.randomUUID(),
        channel: 'sms',
        purpose: 'test',
        brand_id: null,
        card_id: null,
        dedupe_key: null,
        payload_ciphertext: null,
        recipient_hint: '+*********10',
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        lease_until: null,
        last_error: null,
        delivered_via: null,
        created_at: at,
        sent_at: null,
        updated_at: at,
      })
      .execute();
    const text = await scrape();
    expect(valueOf(text, 'tessera_outbox_messages{channel="sms",status="pending"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'tessera_outbox_oldest_pending_age_seconds{channel="sms"}')).toBeGreaterThanOrEqual(89);
    expect(valueOf(text, 'tessera_payouts{status="pending"}')).toBe(0);
    expect(text).toContain('tessera_payouts{status="failed"} 0');
  });

  it('answers readiness from the database, and reports Redis without being decided by it', async () => {
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ready', redis: 'not configured' } });
    const away = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await away.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ready', redis: 'unavailable' } });
    } finally {
      await away.close();
    }
    const shared = await createTestApp({ env: { REDIS_URL: TEST_REDIS_URL } });
    try {
      expect((await shared.app.inject({ url: '/readyz' })).json().checks).toEqual({ database: 'ready', redis: 'ready' });
      await shared.db.destroy();
      const down = await shared.app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable', redis: 'ready' } });
    } finally {
      await shared.close().catch(() => undefined);
    }
  });
});
