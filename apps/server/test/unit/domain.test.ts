import { describe, expect, it } from 'vitest';
import { rateLimitKey, truncateAddress } from '../../src/domain/client-address.js';
import { afterWrongSecret, GUESSING_COOLDOWN_MS, guessingGate } from '../../src/domain/guessing-policy.js';
import { balanceIn, balancesOf, canDebit } from '../../src/domain/ledger.js';
import { payoutBreakdown } from '../../src/domain/payout.js';
import { canTransition } from '../../src/domain/card-state.js';

const now = new Date('2025-01-01T12:00:00Z');

describe('guessing policy', () => {
  it('escalates the cool-down (30 min, 2 h, then 24 h at every 5th) and locks only at the 100th wrong secret', () => {
    const minutes = (n: number) => {
      const until = afterWrongSecret(n, now).lockedUntil;
      return until === null ? null : (until.getTime() - now.getTime()) / 60_000;
    };
    expect(afterWrongSecret(4, now)).toEqual({ lockedUntil: null, operatorLocked: false, lockout: null });
    expect(afterWrongSecret(5, now).lockedUntil?.getTime()).toBe(now.getTime() + GUESSING_COOLDOWN_MS);
    expect([5, 10, 15, 20, 95].map(minutes)).toEqual([30, 120, 1440, 1440, 1440]);
    expect([5, 10, 15, 95].map((n) => afterWrongSecret(n, now).lockout)).toEqual(['cooldown_30m', 'cooldown_2h', 'cooldown_24h', 'cooldown_24h']);
    expect([6, 11, 16, 99].map(minutes)).toEqual([null, null, null, null]);
    expect(afterWrongSecret(100, now)).toEqual({ lockedUntil: null, operatorLocked: true, lockout: 'operator_lock' });
  });

  it('gates on cool-down and operator lock', () => {
    expect(guessingGate({ failedAttempts: 5, lockedUntil: new Date(now.getTime() + 1), operatorLocked: false }, now)).toEqual({ allowed: false, reason: 'cooldown' });
    expect(guessingGate({ failedAttempts: 5, lockedUntil: now, operatorLocked: false }, now)).toEqual({ allowed: true });
    expect(guessingGate({ failedAttempts: 20, lockedUntil: null, operatorLocked: true }, now)).toEqual({ allowed: false, reason: 'locked' });
  });
});

describe('ledger', () => {
  it('sums per asset and lists the card asset first, even when empty', () => {
    expect(balancesOf([], 'EUR')).toEqual([{ assetCode: 'EUR', balance: 0 }]);
    expect(
      balancesOf(
        [
          { assetCode: 'USD', amount: 100 },
          { assetCode: 'EUR', amount: 500 },
          { assetCode: 'EUR', amount: -200 },
        ],
        'EUR',
      ),
    ).toEqual([
      { assetCode: 'EUR', balance: 300 },
      { assetCode: 'USD', balance: 100 },
    ]);
    expect(balanceIn([{ assetCode: 'EUR', amount: 5 }, { assetCode: 'USD', amount: 7 }], 'EUR')).toBe(5);
  });

  it('never lets a debit go below zero', () => {
    expect(canDebit(100, 100)).toBe(true);
    expect(canDebit(100, 101)).toBe(false);
    expect(canDebit(100, -1)).toBe(false);
    expect(canDebit(100, 1.5)).toBe(false);
  });
});

describe('payout', () => {
  it('pays the balance minus the fee, never below zero', () => {
    expect(payoutBreakdown(4250, 250, 'EUR')).toEqual({ balance: 4250, fee: 250, payout: 4000, assetCode: 'EUR' });
    expect(payoutBreakdown(150, 250, 'EUR').payout).toBe(0);
    expect(payoutBreakdown(0, 250, 'EUR').payout).toBe(0);
  });
});

describe('card states', () => {
  it('moves a Visa card forward only', () => {
    expect(canTransition('inactive', 'passcode_set')).toBe(true);
    expect(canTransition('passcode_set', 'active')).toBe(true);
    expect(canTransition('active', 'inactive')).toBe(false);
    expect(canTransition('blocked', 'active')).toBe(false);
  });
});

describe('client address truncation', () => {
  it('keeps the network, not the host', () => {
    expect(truncateAddress('203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncateAddress('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncateAddress('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(truncateAddress(undefined)).toBeNull();
  });

  it('counts rate limits per IPv4 address and per IPv6 /64', () => {
    expect(rateLimitKey('203.0.113.77')).toBe('203.0.113.77');
    expect(rateLimitKey('::ffff:203.0.113.77')).toBe('203.0.113.77');
    expect(rateLimitKey('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitKey('2001:0db8:abcd:0012:ffff:1:2:3')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    // Not an address Node would hand over; counted as it is rather than merged with others.
    expect(rateLimitKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
