import type { Db } from '../db/database.js';
import { pruneAuditEventsBefore, recordAuditEvent } from '../db/repositories/audit.js';
import { deleteExpiredCaptchaTokens } from '../db/repositories/captcha-tokens.js';
import { deleteSpentSecretsBefore } from '../db/repositories/card-secrets.js';
import { deleteErrorReportsBefore } from '../db/repositories/error-reports.js';
import { deleteIdempotencyKeysBefore } from '../db/repositories/idempotency-keys.js';
import { eraseIdentityDataBefore } from '../db/repositories/identity-sessions.js';
import { deleteExpiredPinFrameKeys } from '../db/repositories/pin-frame-keys.js';
import { IDEMPOTENCY_KEPT_MS } from '../domain/brand-api-rules.js';
import { operatorAuditFields } from './operator-name.js';

const DAY_MS = 86_400_000;

export interface PruneAges {
  /** Error reports older than this (days). */
  errorReports: number;
  /** Used, replaced or expired codes (one-time codes, recovery codes, old security codes, passcodes) older than this. */
  spentCodes: number;
  /** What the bank told us in an identity session (name, birth date, IBAN), this long after the session. */
  identitySessions: number;
  /**
   * Audit events older than this (days), when given. None is given by default: the audit trail is
   * the issuer's record and how long it must be kept is theirs to say (docs/operations.md).
   */
  auditEvents?: number;
}

export interface PruneResult {
  dryRun: boolean;
  errorReports: number;
  spentCodes: number;
  captchaTokens: number;
  pinFrameKeys: number;
  identitySessions: number;
  /** Brand API idempotency keys older than 24 hours (the server's housekeeping deletes them too). */
  idempotencyKeys: number;
  /** Audit events deleted; null when no age was given (none are). */
  auditEvents: number | null;
}

/**
 * `tessera maintenance prune`: deletes what is kept only for a while. Every count is of rows
 * deleted (or, for identity sessions, emptied of personal data: a payout or registration still
 * names its session, so the row stays). Running it again finds nothing more. In one transaction;
 * a dry run counts and rolls back.
 * - error reports older than `errorReports` days;
 * - secrets no longer in use (used_at set, or a one-time code past its expiry) for `spentCodes`
 *   days, except one an identity session still names as the code it was started with;
 * - spent captcha tokens and PIN frame keys past their expiry (they matter for minutes);
 * - identity sessions older than `identitySessions` days: the verified identity and the IBAN;
 * - brand API idempotency keys older than 24 hours (kept at least that long; docs/brand-api.md);
 * - audit events older than `auditEvents` days, only when that age is given: the retention prune
 *   the audit table allows on PostgreSQL (migration 016), recorded by the prune's own event,
 *   written after it in the same transaction.
 */
export async function prune(deps: { db: Db; now: () => Date; operator?: string }, ages: PruneAges, options: { dryRun: boolean }): Promise<PruneResult> {
  const now = deps.now();
  const at = now.toISOString();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const rollback = new Error('dry run');
  let result: PruneResult | undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Error reports and idempotency keys go by the same calls as in the server's hourly
      // housekeeping (app/housekeeping.ts); the prune is for what it does not sweep, and for now.
      const errorReports = await deleteErrorReportsBefore(trx, ago(ages.errorReports));
      const spentCodes = await deleteSpentSecretsBefore(trx, ago(ages.spentCodes));
      const captchaTokens = await deleteExpiredCaptchaTokens(trx, at);
      const pinFrameKeys = await deleteExpiredPinFrameKeys(trx, ago(1));
      const identitySessions = await eraseIdentityDataBefore(trx, ago(ages.identitySessions));
      const idempotencyKeys = await deleteIdempotencyKeysBefore(trx, new Date(now.getTime() - IDEMPOTENCY_KEPT_MS).toISOString());
      const auditEvents = ages.auditEvents === undefined ? null : await pruneAuditEventsBefore(trx, ago(ages.auditEvents));
      result = { dryRun: options.dryRun, errorReports, spentCodes, captchaTokens, pinFrameKeys, identitySessions, idempotencyKeys, auditEvents };
      if (options.dryRun) throw rollback;
      await recordAuditEvent(
        trx,
        { type: 'maintenance.prune', ...operatorAuditFields(deps), outcome: 'pruned', detail: JSON.stringify({ ...result, dryRun: undefined, ages }) },
        at,
      );
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return result!;
}
