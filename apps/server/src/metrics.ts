import { Counter, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics. One registry per built app (not prom-client's global one), so
 * tests that build several apps in one process count each on its own. Issue 12 exposes the
 * registry at /metrics; until then it is read in process (tests, the CLI).
 */
export interface Metrics {
  registry: Registry;
  /** Cards that entered a cool-down or the operator lock, by kind. */
  cardLockouts: Counter<'kind'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    cardLockouts: new Counter({
      name: 'tessera_card_lockouts_total',
      help: 'Cards that stopped taking secrets after consecutive wrong ones, by kind (cool-down length or operator lock).',
      labelNames: ['kind'],
      registers: [registry],
    }),
  };
}
