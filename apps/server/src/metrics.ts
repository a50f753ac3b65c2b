import { Counter, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics, one registry per app (tests build several apps in one
 * process), read at GET /metrics with METRICS_TOKEN (app/health-routes.ts).
 */
export interface Metrics {
  registry: Registry;
  /** Rate-limited requests counted in this process because Redis (REDIS_URL) could not be asked. */
  rateLimitFallbacks: Counter;
  /** Cards (and numbers without a card) that entered a cool-down or the operator lock, by kind. */
  cardLockouts: Counter<'kind'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const rateLimitFallbacks = new Counter({
    name: 'tessera_rate_limit_redis_fallback_total',
    help: 'Requests whose per-address rate limit was counted in this process because Redis (REDIS_URL) was unreachable.',
    registers: [registry],
  });
  const cardLockouts = new Counter({
    name: 'tessera_card_lockouts_total',
    help: 'Cards (and numbers without a card) that stopped taking secrets after consecutive wrong ones, by kind (cool-down length or operator lock).',
    labelNames: ['kind'],
    registers: [registry],
  });
  return { registry, rateLimitFallbacks, cardLockouts };
}
