import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './test-app.js';

/** The Redis the tests of counters shared between server processes use: TEST_REDIS_URL, else the local one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** An address in a /64 of its own (documentation range), fresh per run: what Redis counted outlives the test. */
export const freshIpv6Address = () => `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;

/**
 * Two test apps with this environment on TEST_REDIS_URL, as two server processes sharing their
 * counters through it, handed to `use` with an address of their own; both are closed afterwards.
 */
export async function withTwoProcessesOnRedis(env: Record<string, string>, use: (a: TestApp, b: TestApp, address: string) => Promise<void>): Promise<void> {
  const shared = { ...env, REDIS_URL: TEST_REDIS_URL };
  const a = await createTestApp({ env: shared });
  const b = await createTestApp({ env: shared });
  try {
    await use(a, b, freshIpv6Address());
  } finally {
    await a.close();
    await b.close();
  }
}
