import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { insertPayoutBatch, markPayoutsExported, payoutsToExport } from '../db/repositories/payouts.js';
import { PAYOUT_ASSET } from '../domain/payout.js';
import { amsterdamDate, type PainFormat } from '../domain/sepa.js';
import { type Actor, auditActorFields } from '../card-commands/actor.js';
import { checkAgainstSchema, fileSha256, type FileTarget, newMessageId, type PayoutDebtor, payoutFileXml, withStagedFile } from './payout-file.js';
import { PayoutRefusal } from './payout-refusal.js';

export interface ExportBatchDeps {
  db: Db;
  crypto: Crypto;
  now: () => Date;
  debtor: PayoutDebtor;
}

export interface ExportBatchRequest {
  format: PainFormat;
  /** Only this brand's payouts (the back office exports per brand); absent: every brand's (the operator). */
  brandId?: string;
}

export type ExportBatchResult =
  | { kind: 'empty' }
  | { kind: 'exported'; messageId: string; format: PainFormat; count: number; total: number; executionDate: string };

/**
 * Every pending payout (of one brand, or of all) into one new SEPA credit transfer file: what
 * `tessera payouts export` and the back office's `POST /admin/api/payout-batches` both run, with
 * their actor.
 *
 * In one transaction: the payouts to export are read (locked on PostgreSQL, so two exports at once
 * cannot both take one), the file is built and validated against the ISO 20022 schema, the file is
 * staged at its target, the payouts are marked exported with the batch record and audit events,
 * and the transaction commits; only then is the file put in place. A file that does not validate
 * is never written, and a failed commit removes the staged file, so there is never a file whose
 * payouts are still pending (and would be paid again by the next export). Nothing to export:
 * nothing is written and `empty` is answered.
 */
export async function exportPayoutBatch(deps: ExportBatchDeps, request: ExportBatchRequest, actor: Actor, target: FileTarget): Promise<ExportBatchResult> {
  const now = deps.now();
  const at = now.toISOString();
  const { format } = request;
  return withStagedFile(deps.db, target, async (trx, stage): Promise<ExportBatchResult> => {
    const payouts = await payoutsToExport(trx, request.brandId);
    if (payouts.length === 0) return { kind: 'empty' };

    const messageId = newMessageId(now);
    const executionDate = amsterdamDate(now);
    const xml = payoutFileXml(deps, { format, messageId, createdAt: now, executionDate }, payouts);
    await checkAgainstSchema(xml, format);

    const total = payouts.reduce((sum, p) => sum + p.amount, 0);
    await insertPayoutBatch(trx, {
      id: messageId,
      format,
      payout_count: payouts.length,
      control_sum: total,
      asset_code: PAYOUT_ASSET,
      file_sha256: fileSha256(xml),
      created_at: at,
    });
    const changed = await markPayoutsExported(
      trx,
      payouts.map((p) => p.id),
      messageId,
      at,
    );
    // Another export took some of them meanwhile (SQLite across processes): write nothing.
    if (changed !== payouts.length) throw new PayoutRefusal('CONCURRENT_CHANGE', 'Another export changed these payouts at the same time; nothing was written. Run the export again.');
    const who = auditActorFields(actor);
    for (const p of payouts) {
      await recordAuditEvent(trx, { type: 'payout.export', ...who, outcome: 'exported', brandId: p.brand_id, cardId: p.card_id, detail: `payout ${p.id} in batch ${messageId}` }, at);
    }
    await recordAuditEvent(
      trx,
      { type: 'payouts.export', ...who, outcome: 'exported', brandId: request.brandId ?? null, detail: `batch ${messageId} (${format}): ${payouts.length} payouts, ${total} ${PAYOUT_ASSET}` },
      at,
    );
    await stage(xml);
    return { kind: 'exported', messageId, format, count: payouts.length, total, executionDate };
  });
}
