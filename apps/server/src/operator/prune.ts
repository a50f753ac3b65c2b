import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { IDEMPOTENCY_KEPT_MS } from '../domain/brand-api-rules.js';
import { operatorActorOf } from './operator-name.js';

const DAY_MS = 86_400_000;

export interface PruneAges {
  /** Error reports older than this (days). */
  errorReports: number;
  /** Used, replaced or expired codes (one-time codes, recovery codes, old security codes, passcodes) older than this. */
  spentCodes: number;
  /** What the bank told us in an identity session (name, birth date, IBAN), this long after the session. */
  identitySessions: number;
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
 * - brand API idempotency keys older than 24 hours (kept at least that long; docs/brand-api.md).
 */
export async function prune(deps: { db: Db; now: () => Date; operator?: string }, ages: PruneAges, options: { dryRun: boolean }): Promise<PruneResult> {
  const now = deps.now();
  const at = now.toISOString();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const counted = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined) => Number(result?.numDeletedRows ?? result?.numUpdatedRows ?? 0n);
  const rollback = new Error('dry run');
  let result: PruneResult | undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const errorReports = counted(await trx.deleteFrom('error_reports').where('created_at', '<', ago(ages.errorReports)).executeTakeFirst());
      const spentBefore = ago(ages.spentCodes);
      const spentCodes = counted(
        await trx
          .deleteFrom('card_secrets')
          .where((eb) => eb.or([eb('used_at', '<', spentBefore), eb.and([eb('used_at', 'is', null), eb('expires_at', '<', spentBefore)])]))
          .where((eb) => eb.not(eb.exists(eb.selectFrom('identity_sessions as s').select('s.id').whereRef('s.bound_secret_id', '=', 'card_secrets.id'))))
          .executeTakeFirst(),
      );
      const captchaTokens = counted(await trx.deleteFrom('spent_captcha_tokens').where('expires_at', '<', at).executeTakeFirst());
      const pinFrameKeys = counted(await trx.deleteFrom('pin_frame_keys').where('expires_at', '<', ago(1)).executeTakeFirst());
      const identitySessions = counted(
        await trx
          .updateTable('identity_sessions')
          .set({ identity_ciphertext: null, bound_iban_ciphertext: null })
          .where('created_at', '<', ago(ages.identitySessions))
          .where((eb) => eb.or([eb('identity_ciphertext', 'is not', null), eb('bound_iban_ciphertext', 'is not', null)]))
          .executeTakeFirst(),
      );
      const idempotencyKeys = counted(
        await trx.deleteFrom('idempotency_keys').where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEPT_MS).toISOString()).executeTakeFirst(),
      );
      result = { dryRun: options.dryRun, errorReports, spentCodes, captchaTokens, pinFrameKeys, identitySessions, idempotencyKeys };
      if (options.dryRun) throw rollback;
      await recordAuditEvent(
        trx,
        { type: 'maintenance.prune', client: operatorActorOf(deps), outcome: 'pruned', detail: JSON.stringify({ ...result, dryRun: undefined, ages }) },
        at,
      );
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return result!;
}
