import { describe, expect, it } from 'vitest';
import { formatDate, validityOf } from '../src/index.js';

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

  it('formats dates per language', () => {
    expect(formatDate('2099-12-31', 'nl')).toBe('31-12-2099');
    expect(formatDate('2099-12-31', 'en')).toBe('31/12/2099');
  });
});
