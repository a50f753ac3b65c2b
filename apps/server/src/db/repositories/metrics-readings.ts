import type { DatabaseReadings } from '../../metrics.js';
import type { Executor } from './executor.js';

/** The database gauges' readings (metrics.ts addDatabaseGauges): two grouped counts. */
export function metricsReadings(db: Executor): DatabaseReadings {
  return {
    async outbox() {
      const rows = await db
        .selectFrom('outbox_messages')
        .select((eb) => ['channel', 'status', eb.fn.countAll<number | string | bigint>().as('n'), eb.fn.min('created_at').as('oldest')])
        .groupBy(['channel', 'status'])
        .execute();
      return rows.map((r) => ({ channel: r.channel, status: r.status, count: Number(r.n), oldestCreatedAt: r.oldest ?? null }));
    },
    async payouts() {
      const rows = await db
        .selectFrom('payouts')
        .select((eb) => ['status', eb.fn.countAll<number | string | bigint>().as('n')])
        .groupBy('status')
        .execute();
      return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
    },
  };
}
