import { describe, expect, it } from 'vitest';
import { cardDay, formatDate, validityOf } from '../src/index.js';

const at = (iso: string) => new Date(`${iso}T12:00:00`);

describe('validity text', () => {
  it('is unlimited without an expiry date or with one that does not parse', () => {
    expect(validityOf(null, at('2026-01-01'))).toEqual({ kind: 'unlimited' });
    expect(validityOf(undefined, at('2026-01-01'))).toEqual({ kind: 'unlimited' });
    expect(validityOf('', at('2026-01-01'))).toEqual({ kind: 'unlimited' });
    expect(validityOf('soon', at('2026-01-01'))).toEqual({ kind: 'unlimited' });
    expect(validityOf('2026-02-31', at('2026-01-01'))).toEqual({ kind: 'unlimited' });
  });

  it('is valid until the date on or before the expiry day', () => {
    expect(validityOf('2099-12-31', at('2026-11-21'))).toEqual({ kind: 'validUntil', date: '2099-12-31' });
    expect(validityOf('2026-11-21', at('2026-11-21'))).toEqual({ kind: 'validUntil', date: '2026-11-21' });
  });

  it('is in the grace period from the day after expiry until 365 days after', () => {
    expect(validityOf('2026-11-20', at('2026-11-21')).kind).toBe('grace');
    expect(validityOf('2025-11-21', at('2026-11-21')).kind).toBe('grace');
  });

  it('is expired more than 365 days after expiry', () => {
    expect(validityOf('2025-11-20', at('2026-11-21')).kind).toBe('expired');
    expect(validityOf('2024-11-21', at('2026-11-21')).kind).toBe('expired');
  });

  it('accepts a date-time and keeps its date part', () => {
    expect(validityOf('2099-12-31T00:00:00Z', at('2026-11-21'))).toEqual({ kind: 'validUntil', date: '2099-12-31' });
  });

  it('counts today as the Amsterdam day, in winter (UTC+1) and summer (UTC+2)', () => {
    expect(validityOf('2026-11-21', new Date('2026-11-21T22:59:59.999Z')).kind).toBe('validUntil'); // 23:59:59 in Amsterdam
    expect(validityOf('2026-11-21', new Date('2026-11-21T23:30:00Z')).kind).toBe('grace'); // 00:30 the 22nd in Amsterdam
    expect(validityOf('2026-06-30', new Date('2026-06-30T21:30:00Z')).kind).toBe('validUntil'); // 23:30 CEST
    expect(validityOf('2026-06-30', new Date('2026-06-30T22:00:00Z')).kind).toBe('grace'); // 00:00 CEST
    // The grace period's end turns on the same day: 2025-11-21 plus 365 days is 2026-11-21.
    expect(validityOf('2025-11-21', new Date('2026-11-21T22:30:00Z')).kind).toBe('grace');
    expect(validityOf('2025-11-21', new Date('2026-11-21T23:30:00Z')).kind).toBe('expired');
    expect(cardDay(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29'); // the spring change is at 01:00 UTC
    expect(cardDay(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25'); // still CEST: 00:30
  });

  it('answers each moment its own day when moments alternate and repeat (the last one is remembered)', () => {
    const late = new Date('2026-06-30T21:59:59.999Z');
    const midnight = new Date('2026-06-30T22:00:00.000Z');
    const days = [late, late, midnight, midnight, late, new Date(midnight.getTime())].map(cardDay);
    expect(days).toEqual(['2026-06-30', '2026-06-30', '2026-07-01', '2026-07-01', '2026-06-30', '2026-07-01']);
  });

  it('does not depend on the zone the process runs in', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
        process.env.TZ = tz;
        expect(validityOf('2026-11-21', new Date('2026-11-21T22:30:00Z')).kind, tz).toBe('validUntil');
        expect(validityOf('2026-11-21', new Date('2026-11-21T23:30:00Z')).kind, tz).toBe('grace');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('formats dates per language', () => {
    expect(formatDate('2099-12-31', 'nl')).toBe('31-12-2099');
    expect(formatDate('2099-12-31', 'en')).toBe('31/12/2099');
  });
});
