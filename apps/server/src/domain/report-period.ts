/**
 * Days of the operator's reports are Europe/Amsterdam calendar days: month-end and daily figures
 * are read by a Dutch business, and the payout file's execution date is an Amsterdam date too.
 * Amsterdam is always a whole number of hours from UTC (+1 or +2), and its clock changes at 01:00
 * UTC, never near midnight, so a day is exactly the UTC hours whose Amsterdam date is that day.
 * Pure: no I/O.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date yyyy-mm-dd (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

const amsterdamParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Minutes Amsterdam is ahead of UTC at this moment (60 or 120). */
function amsterdamOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(amsterdamParts.formatToParts(at).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The Amsterdam date (yyyy-mm-dd) of a moment. */
export function amsterdamDay(at: Date): string {
  const parts = Object.fromEntries(amsterdamParts.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The moment an Amsterdam day (yyyy-mm-dd) begins. */
export function amsterdamDayStart(day: string): Date {
  if (!isCalendarDate(day)) throw new RangeError(`not a date: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The offset two hours before UTC midnight is the one of local midnight (no change happens then).
  return new Date(utcMidnight - amsterdamOffsetMinutes(new Date(utcMidnight - 2 * 3600_000)) * 60_000);
}

/** The day after a yyyy-mm-dd day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * A moment the operator writes: a date (yyyy-mm-dd: the END of that Amsterdam day, as month-end
 * figures mean it) or a full ISO 8601 time with a zone (2026-11-30T23:59:59Z, …+01:00). Undefined
 * when it is neither.
 */
export function reportMoment(text: string): Date | undefined {
  if (isCalendarDate(text)) return new Date(amsterdamDayStart(nextDay(text)).getTime() - 1);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
