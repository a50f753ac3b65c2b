import { describe, expect, it } from 'vitest';
import { RefusalTally } from '../../src/brand-api/refusal-tally.js';
import type { AuditEvent } from '../../src/db/repositories/audit.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));

function tally(fail = false) {
  const written: { event: AuditEvent; now: string }[] = [];
  const errors: unknown[] = [];
  const t = new RefusalTally({
    record: async (event, now) => {
      if (fail) throw new Error('database away');
      written.push({ event, now });
    },
    onError: (error) => errors.push(error),
  });
  return { t, written, errors };
}

const address = { client: '203.0.113.0/24', brandId: null, reason: 'address_limit' as const };

describe('RefusalTally', () => {
  it('writes one event per client and minute with the count, once the minute has ended', async () => {
    const { t, written } = tally();
    for (let s = 0; s < 50; s++) t.add(address, at(s));
    t.add({ client: 'api-key:k1', brandId: 'b1', reason: 'key_limit' }, at(10));
    await t.flushEnded(at(59));
    expect(written).toEqual([]);
    await t.flushEnded(at(60));
    expect(written).toEqual([
      {
        now: at(60).toISOString(),
        event: {
          type: 'api.refused',
          outcome: '429 RATE_LIMITED',
          brandId: null,
          client: '203.0.113.0/24',
          detail: `50 calls refused from ${at(0).toISOString()}: too many failed authentications from this address`,
        },
      },
    ]);
    await t.flushEnded(at(70));
    expect(written.map((w) => w.event.detail)).toEqual([
      expect.stringMatching(/^50 calls/),
      `1 call refused from ${at(10).toISOString()}: over the rate limit of this key`,
    ]);
    expect(written[1]!.event).toMatchObject({ client: 'api-key:k1', brandId: 'b1' });
    // Nothing is written twice.
    await t.flushAll(at(200));
    expect(written).toHaveLength(2);
  });

  it('writes an ended minute at the client\u2019s next refusal, which opens the next minute', async () => {
    const { t, written } = tally();
    t.add(address, at(0));
    t.add(address, at(30));
    t.add(address, at(61));
    await Promise.resolve();
    expect(written.map((w) => w.event.detail)).toEqual([expect.stringMatching(/^2 calls refused from .*00:00\.000Z/)]);
    await t.flushAll(at(62));
    expect(written.map((w) => w.event.detail)).toEqual([expect.stringMatching(/^2 calls/), expect.stringMatching(/^1 call refused from .*01:01\.000Z/)]);
  });

  it('writes every open window when the server stops', async () => {
    const { t, written } = tally();
    t.add(address, at(0));
    t.add({ ...address, client: '198.51.100.0/24' }, at(1));
    await t.flushAll(at(2));
    expect(written.map((w) => w.event.client)).toEqual(['203.0.113.0/24', '198.51.100.0/24']);
  });

  it('tells a failed write and never rejects: a refused call does not fail on its tally', async () => {
    const { t, errors } = tally(true);
    t.add(address, at(0));
    await expect(t.flushAll(at(1))).resolves.toBeUndefined();
    expect(errors).toEqual([new Error('database away')]);
  });
});
