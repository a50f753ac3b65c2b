import { positiveInt, type SettingsOf } from './settings.js';

/** Per-address and per-key limits, and how long kept data lives. */
export const limitSettings = {
  RATE_LIMIT_PER_MINUTE: positiveInt.default(60),
  ERROR_REPORTS_PER_MINUTE: positiveInt.default(10),
  /** Calls a minute of one brand API key, over all its calls (429 with Retry-After beyond). */
  API_RATE_LIMIT_PER_MINUTE: positiveInt.default(1200),
  /**
   * Failed authentications a minute of one address at the brand API (no, a malformed, unknown or
   * revoked key); beyond it every call of the address is refused before its key is looked up.
   */
  API_AUTH_FAILURES_PER_MINUTE: positiveInt.default(20),
  /** Error reports older than this are deleted (app/housekeeping.ts). At most ten years. */
  ERROR_REPORT_RETENTION_DAYS: positiveInt.max(3650).default(30),
  /** A message given up after its attempts keeps its encrypted content this long, for `tessera outbox retry`. */
  OUTBOX_FAILED_CONTENT_DAYS: positiveInt.max(90).default(7),
};

export interface LimitsConfig {
  rateLimitPerMinute: number;
  errorReportsPerMinute: number;
  /** Brand API calls a minute per API key. */
  apiRateLimitPerMinute: number;
  /** Failed brand API authentications a minute per address before its calls are refused unread. */
  apiAuthFailuresPerMinute: number;
  /** How long an error report is kept before the sweep deletes it. */
  errorReportRetentionDays: number;
  /** How long a message given up after its attempts keeps its content for a retry. */
  outboxFailedContentDays: number;
}

export function parseLimits(e: SettingsOf<typeof limitSettings>): LimitsConfig {
  return {
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    errorReportsPerMinute: e.ERROR_REPORTS_PER_MINUTE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    apiAuthFailuresPerMinute: e.API_AUTH_FAILURES_PER_MINUTE,
    errorReportRetentionDays: e.ERROR_REPORT_RETENTION_DAYS,
    outboxFailedContentDays: e.OUTBOX_FAILED_CONTENT_DAYS,
  };
}
