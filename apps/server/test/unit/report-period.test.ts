import { describe, expect, it } from 'vitest';
import { amsterdamDay, amsterdamDayStart, isCalendarDate, nextDay, reportMoment } from '../../src/domain/report-period.js';

describe('report days (Europe/Amsterdam)', () => {
  it('starts a day at local midnight, winter and summer, and across the clock changes', () => {
    expect(amsterdamDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(amsterdamDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // Clocks go forward on 2026-03-29 and back on 2026-10-25, at 01:00 UTC.
    expect(amsterdamDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(amsterdamDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(amsterdamDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(amsterdamDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('names the Amsterdam date of a moment', () => {
    expect(amsterdamDay(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(amsterdamDay(new Date('2026-11-30T22:59:59.999Z'))).toBe('2026-11-30');
    expect(amsterdamDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('reads a date as the end of that day, and a time with a zone as given', () => {
    expect(reportMoment('2026-11-30')?.toISOString()).toBe('2026-11-30T22:59:59.999Z');
    expect(reportMoment('2026-11-30T12:00:00+01:00')?.toISOString()).toBe('2026-11-30T11:00:00.000Z');
    expect(reportMoment('2026-11-30T12:00Z')?.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    for (const bad of ['2026-02-30', '30-11-2026', '2026-11-30T12:00', 'tomorrow', '']) expect(reportMoment(bad), bad).toBeUndefined();
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
