import { positiveInt, type Problems, type SettingsOf } from './settings.js';

export const outboxSettings = {
  OUTBOX_POLL_INTERVAL_MS: positiveInt.min(50).max(3_600_000).default(2000),
  OUTBOX_MAX_ATTEMPTS: positiveInt.max(100).default(10),
  OUTBOX_RETRY_BASE_SECONDS: positiveInt.max(86_400).default(30),
  OUTBOX_RETRY_MAX_SECONDS: positiveInt.max(86_400).default(3600),
  /**
   * How long a message claimed for sending belongs to its worker. A process that dies mid-send
   * holds its message this long; then another takes it over. Default: 5 minutes, or 4 times the
   * longest send timeout if that is longer.
   */
  OUTBOX_LEASE_SECONDS: positiveInt.max(86_400).optional(),
  /** How long one webhook delivery may take, connection to the answer's last byte, before it counts as failed: 15 s at most (Standard Webhooks, Svix). */
  WEBHOOK_TIMEOUT_SECONDS: positiveInt.max(15).default(15),
};

export interface OutboxConfig {
  pollIntervalMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** OUTBOX_LEASE_SECONDS: how long a claimed message belongs to its worker. */
  leaseMs: number;
}

export interface WebhooksConfig {
  /** One delivery's deadline. Retries follow delivery/webhooks/retry-schedule.ts (over 3 days). */
  timeoutMs: number;
}

/** `sendTimeoutsSeconds`: the send timeouts of the mail and SMS channels in use (0: not in use). */
export function parseOutbox(
  e: SettingsOf<typeof outboxSettings>,
  sendTimeoutsSeconds: { smtp: number; sms: number },
  problems: Problems,
): { outbox: OutboxConfig; webhooks: WebhooksConfig } {
  if (e.OUTBOX_RETRY_MAX_SECONDS < e.OUTBOX_RETRY_BASE_SECONDS) {
    problems.push('OUTBOX_RETRY_MAX_SECONDS: must not be below OUTBOX_RETRY_BASE_SECONDS');
  }
  // A lease shorter than a send could take lets a second worker send the same message while the
  // first is still at it. One SMTP send may spend its timeout on connection, greeting and socket
  // each, hence four times the longest timeout of the channels in use.
  const longestSendSeconds = Math.max(sendTimeoutsSeconds.smtp, sendTimeoutsSeconds.sms, e.WEBHOOK_TIMEOUT_SECONDS);
  const leaseSeconds = e.OUTBOX_LEASE_SECONDS ?? Math.max(300, 4 * longestSendSeconds);
  if (leaseSeconds < 4 * longestSendSeconds) {
    problems.push(`OUTBOX_LEASE_SECONDS: must be at least ${4 * longestSendSeconds} (4 times the longest send timeout, ${longestSendSeconds} s)`);
  }
  return {
    outbox: {
      pollIntervalMs: e.OUTBOX_POLL_INTERVAL_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: e.OUTBOX_RETRY_MAX_SECONDS * 1000,
      leaseMs: leaseSeconds * 1000,
    },
    webhooks: { timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000 },
  };
}
