import type { RetryPolicy } from '../deliver-message.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The waits after each failed webhook delivery: Standard Webhooks' suggested schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h), then two days more, so a receiver that is down over a weekend
 * still gets the event: the last attempt comes 75 h 35 min after the first, more than the 3 days
 * docs/brand-api.md promises. Ten attempts in all.
 */
export const WEBHOOK_RETRY_WAITS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 24 * HOUR, 24 * HOUR];

export const WEBHOOK_RETRY_POLICY: RetryPolicy = {
  maxAttempts: WEBHOOK_RETRY_WAITS_MS.length + 1,
  delayMs: (attempts) => WEBHOOK_RETRY_WAITS_MS[Math.min(attempts, WEBHOOK_RETRY_WAITS_MS.length) - 1]!,
};
