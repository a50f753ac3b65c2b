import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics, one registry per app (tests build several apps in one
 * process), read at GET /metrics with METRICS_TOKEN (app/health-routes.ts). What to alert on is
 * in docs/operations.md#monitoring-and-housekeeping.
 */
export interface Metrics {
  registry: Registry;
  /** Every answer: by method, route pattern and status (http/request-metrics.ts). */
  httpRequests: Histogram<'method' | 'route' | 'status'>;
  /** Customer calls (lookups, VISA, RESET, REPLACE, PAYOUT, IDENTIFY) by flow and outcome (OK or the error code). */
  customerCalls: Counter<'flow' | 'outcome'>;
  /** Captcha tokens refused, by provider and reason (missing, invalid, spent). */
  captchaRefusals: Counter<'provider' | 'reason'>;
  /** Rate-limited requests counted in this process because Redis (REDIS_URL) could not be asked. */
  rateLimitFallbacks: Counter;
  /** Card numbers (a card's or not) that entered a cool-down or the operator lock, by kind. */
  cardLockouts: Counter<'kind'>;
  /** Brand API calls its gate refused, by reason (brand-api/authenticate.ts). */
  apiRefusals: Counter<'reason'>;
}

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // The process's own (CPU, memory, event loop, handles): only for a real process (main.ts);
  // every app a test builds would otherwise start its own event-loop monitor.
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'tessera_' });
  return {
    registry,
    httpRequests: new Histogram({
      name: 'tessera_http_request_duration_seconds',
      help: 'Answers by method, route pattern (unmatched for none) and status, with how long they took.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    customerCalls: new Counter({
      name: 'tessera_customer_calls_total',
      help: 'Customer calls by flow type (as the call gate or the x-flow-type header names it) and outcome: OK or the error code answered.',
      labelNames: ['flow', 'outcome'],
      registers: [registry],
    }),
    captchaRefusals: new Counter({
      name: 'tessera_captcha_refusals_total',
      help: 'Captcha tokens refused, by provider and reason: missing, invalid (the provider said no), spent (used before).',
      labelNames: ['provider', 'reason'],
      registers: [registry],
    }),
    rateLimitFallbacks: new Counter({
      name: 'tessera_rate_limit_redis_fallback_total',
      help: 'Requests whose per-address rate limit was counted in this process because Redis (REDIS_URL) was unreachable.',
      registers: [registry],
    }),
    cardLockouts: new Counter({
      name: 'tessera_card_lockouts_total',
      help: 'Cards (and numbers without a card) that stopped taking secrets after consecutive wrong ones, by kind (cool-down length or operator lock).',
      labelNames: ['kind'],
      registers: [registry],
    }),
    apiRefusals: new Counter({
      name: 'tessera_api_refused_calls_total',
      help: 'Brand API calls refused before they ran, by reason: unauthorized (401), forbidden (403), address_limit (429: too many failed authentications from the address), key_limit (429: the key\'s rate limit).',
      labelNames: ['reason'],
      registers: [registry],
    }),
  };
}

/** What the database gauges read at scrape time (db/repositories/metrics-readings.ts). */
export interface DatabaseReadings {
  outbox(): Promise<{ channel: string; status: string; count: number; oldestCreatedAt: string | null }[]>;
  payouts(): Promise<{ status: string; count: number }[]>;
}

/**
 * Gauges read from the database when Prometheus scrapes, not kept in memory: every replica
 * answers the same numbers (the database's), and nothing is counted between scrapes.
 */
export function addDatabaseGauges(metrics: Metrics, readings: DatabaseReadings, now: () => Date): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'tessera_outbox_messages',
    help: 'Messages in the outbox by channel (email, sms, webhook) and status (pending, sent, failed).',
    labelNames: ['channel', 'status'],
    registers,
    async collect() {
      this.reset();
      for (const row of await readings.outbox()) this.set({ channel: row.channel, status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'tessera_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest message still pending in the outbox has waited, by channel (0 when none waits).',
    labelNames: ['channel'],
    registers,
    async collect() {
      this.reset();
      for (const channel of ['email', 'sms', 'webhook']) this.set({ channel }, 0);
      for (const row of await readings.outbox()) {
        if (row.status !== 'pending' || row.oldestCreatedAt === null) continue;
        this.set({ channel: row.channel }, Math.max(0, (now().getTime() - Date.parse(row.oldestCreatedAt)) / 1000));
      }
    },
  });
  new Gauge({
    name: 'tessera_payouts',
    help: 'Payouts by status: pending (debited, not in a file yet), exported, paid, failed, returned (paid, then sent back by the bank).',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      for (const status of ['pending', 'exported', 'paid', 'failed', 'returned']) this.set({ status }, 0);
      for (const row of await readings.payouts()) this.set({ status: row.status }, row.count);
    },
  });
}
