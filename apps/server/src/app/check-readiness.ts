import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.js';

export type CheckState = 'ready' | 'unavailable' | 'not configured';

export interface Readiness {
  /** Ready to serve: the database answers. */
  ready: boolean;
  checks: { database: CheckState; redis: CheckState };
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * GET /readyz: the database answers a trivial query, and Redis (when REDIS_URL is set) a PING,
 * each within a second. Only the database decides readiness: without Redis the rate limits count
 * in each process (http/rate-limit-store.ts) and the portal still works, so a Redis outage must
 * not take every replica out of the load balancer at once; it is reported, and alerted on.
 */
export async function checkReadiness(deps: Pick<ServiceDeps, 'db'>, redis?: { ping(): Promise<unknown> }): Promise<Readiness> {
  const check = async (probe: () => Promise<unknown>): Promise<CheckState> => {
    try {
      await withTimeout(probe(), 1000);
      return 'ready';
    } catch {
      return 'unavailable';
    }
  };
  const [database, redisState] = await Promise.all([
    check(() => sql`select 1`.execute(deps.db)),
    redis ? check(() => redis.ping()) : Promise.resolve<CheckState>('not configured'),
  ]);
  return { ready: database === 'ready', checks: { database, redis: redisState } };
}
