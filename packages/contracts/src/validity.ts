import { GIFT_CARD_GRACE_PERIOD_MS } from './constants.js';

/**
 * docs/product/common.md#validity: which text a gift card's expiry date gives today, "today" being
 * the Amsterdam calendar day of `now` (docs/decisions/041): the same day for the portal in any
 * browser, the server in its UTC container, the back office, the CLI and the reports.
 * - unlimited: no expiry date, or one that does not parse;
 * - validUntil: today is on or before the expiry day;
 * - grace: after the expiry day but within the 365-day grace period (the default expiration text);
 * - expired: after that.
 */
export type Validity =
  | { kind: 'unlimited' }
  | { kind: 'validUntil'; date: string }
  | { kind: 'grace'; date: string }
  | { kind: 'expired'; date: string };

const DAY_MS = 86_400_000;

/** Day number (UTC calendar day) of an ISO date or date-time; null when it does not parse. */
function dayNumber(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const check = new Date(time);
  // Rejects 2023-02-31 and friends, which Date would roll over silently.
  if (check.getUTCMonth() !== Number(match[2]) - 1 || check.getUTCDate() !== Number(match[3])) return null;
  return Math.floor(time / DAY_MS);
}

/** The zone of every day the portal, back office, CLI and reports count (docs/decisions/041). */
export const CARD_DAY_TIME_ZONE = 'Europe/Amsterdam';

const cardDayParts = new Intl.DateTimeFormat('en-CA', { timeZone: CARD_DAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last moment asked and its day: a list of cards asks for the same `now` once a card. */
let lastDay: { at: number; day: string } | undefined;

/** The Amsterdam calendar day (yyyy-mm-dd) a moment falls on. */
export function cardDay(at: Date): string {
  const time = at.getTime();
  // formatToParts costs about 7 µs: 50 cards of a staff search asked it 50 times for one moment.
  if (lastDay?.at === time) return lastDay.day;
  const parts = Object.fromEntries(cardDayParts.formatToParts(at).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  lastDay = { at: time, day };
  return day;
}

export function validityOf(expiresAt: string | null | undefined, now: Date): Validity {
  if (!expiresAt) return { kind: 'unlimited' };
  const expiryDay = dayNumber(expiresAt);
  if (expiryDay === null) return { kind: 'unlimited' };
  const date = expiresAt.slice(0, 10);
  const today = dayNumber(cardDay(now))!;
  if (today <= expiryDay) return { kind: 'validUntil', date };
  const sinceExpiryMs = (today - expiryDay) * DAY_MS;
  if (sinceExpiryMs <= GIFT_CARD_GRACE_PERIOD_MS) return { kind: 'grace', date };
  return { kind: 'expired', date };
}

/** An ISO date (yyyy-mm-dd) as the cardholder reads it: dd-mm-yyyy in nl, dd/mm/yyyy in en. */
export function formatDate(isoDate: string, language: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return language === 'en' ? `${d}/${m}/${y}` : `${d}-${m}-${y}`;
}
