import { describe, expect, it } from 'vitest';
import { endpointCapacity, endpointPauseMs, endpointState, failedLongEnough, SWITCH_OFF_AFTER_MS } from '../../src/domain/webhook-endpoint-health.js';

// A webhook endpoint's own backoff, its slots and when it is switched off (docs/decisions/039).

describe('webhook endpoint health', () => {
  it('rests a failing endpoint 1 s, doubling, at most 5 minutes; a healthy one not at all', () => {
    expect([0, 1, 2, 3, 4, 8, 9, 10, 50].map(endpointPauseMs)).toEqual([0, 1000, 2000, 4000, 8000, 128_000, 256_000, 300_000, 300_000]);
  });

  it('gives a failing endpoint one slot, a healthy one its share', () => {
    expect(endpointCapacity(0, 2)).toBe(2);
    expect(endpointCapacity(1, 2)).toBe(1);
    expect(endpointCapacity(40, 2)).toBe(1);
  });

  it('switches off after 5 days of failures, not a moment before', () => {
    const since = '2030-01-01T00:00:00.000Z';
    expect(SWITCH_OFF_AFTER_MS).toBe(5 * 86_400_000);
    expect(failedLongEnough(since, new Date(Date.parse(since) + SWITCH_OFF_AFTER_MS - 1))).toBe(false);
    expect(failedLongEnough(since, new Date(Date.parse(since) + SWITCH_OFF_AFTER_MS))).toBe(true);
    expect(failedLongEnough(null, new Date('2040-01-01T00:00:00.000Z'))).toBe(false);
  });

  it('names the state: removed before switched off before failing before active', () => {
    const healthy = { removed_at: null, switched_off_at: null, failing_since: null, consecutive_failures: 0 };
    expect(endpointState(healthy)).toEqual({ state: 'active' });
    expect(endpointState({ ...healthy, failing_since: 'T1', consecutive_failures: 3 })).toEqual({ state: 'failing', since: 'T1', failures: 3 });
    expect(endpointState({ ...healthy, failing_since: 'T1', switched_off_at: 'T2' })).toEqual({ state: 'switched_off', since: 'T2', failingSince: 'T1' });
    expect(endpointState({ ...healthy, switched_off_at: 'T2', removed_at: 'T3' })).toEqual({ state: 'removed', since: 'T3' });
  });
});
