import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findPayoutBatch, payoutsOfBatch } from '../db/repositories/payouts.js';
import { amsterdamDate, type PainFormat } from '../domain/sepa.js';
import { type Actor, auditActorFields } from '../card-commands/actor.js';
import { fileSha256, type FileTarget, type PayoutDebtor, payoutFileXml, withStagedFile } from './payout-file.js';
import { PayoutRefusal } from './payout-refusal.js';

export interface BatchFileResult {
  messageId: string;
  format: PainFormat;
  count: number;
  total: number;
  executionDate: string;
  sha256: string;
  /** How many of its payouts the bank already reported on (paid, failed, returned). */
  settled: number;
}

/**
 * Why the file is wanted again:
 * - `resend`: to send it to the bank again (`tessera payouts export --batch`, a lost file). Refused
 *   once the bank reported on any of its payouts: the bank processed the file, and sending it again
 *   could pay the others twice.
 * - `download`: to keep or read it (the back office's download, at any time). The file is the same
 *   whatever happened since; the back office says when the bank already processed it.
 */
export type BatchFilePurpose = 'resend' | 'download';

/**
 * A batch's file again, byte for byte, rebuilt from what the export stored: the batch's id (MsgId
 * and PmtInfId), its format and creation time (CreDtTm, and the execution date: the Amsterdam date
 * of that moment), its payouts in the export's order (amounts, end-to-end ids, encrypted names and
 * IBANs, BICs), their brands' names and cards' last digits (the remittance line), and the
 * configured debtor. The result must hash to the batch's `file_sha256`: when it does not (the
 * brand's name or the payout account changed since), nothing is written, because a different file
 * is not the exported one. Since the MsgId is the original one, a bank that did receive the first
 * file refuses this one as a duplicate. No payout changes; the audit trail records
 * `payouts.reexport` (outcome `written`, or `downloaded`) with who asked.
 */
export async function batchFileAgain(
  deps: { db: Db; crypto: Crypto; debtor: PayoutDebtor; now: () => Date },
  batchId: string,
  purpose: BatchFilePurpose,
  actor: Actor,
  target: FileTarget,
): Promise<BatchFileResult> {
  const at = deps.now().toISOString();
  return withStagedFile(deps.db, target, async (trx, stage): Promise<BatchFileResult> => {
    const batch = await findPayoutBatch(trx, batchId);
    if (!batch) throw new PayoutRefusal('NO_SUCH_BATCH', `There is no payout file ${batchId} (see the BATCH column of "tessera payouts list"); nothing was written.`);
    const payouts = await payoutsOfBatch(trx, batch.id);
    const settled = payouts.filter((p) => p.status !== 'exported');
    if (purpose === 'resend' && settled.length > 0) {
      throw new PayoutRefusal(
        'BATCH_SETTLED',
        `The bank already reported on ${settled.length} of the ${payouts.length} payouts of ${batch.id}; sending this file again could pay them twice, so nothing was written.`,
        settled.map((p) => `${p.id}: ${p.status}`),
      );
    }
    if (payouts.length !== batch.payout_count) {
      throw new PayoutRefusal('BATCH_INCOMPLETE', `The file ${batch.id} held ${batch.payout_count} payouts but ${payouts.length} are in it now; nothing was written.`);
    }
    const createdAt = new Date(batch.created_at);
    const executionDate = amsterdamDate(createdAt);
    const format = batch.format as PainFormat;
    const xml = payoutFileXml(deps, { format, messageId: batch.id, createdAt, executionDate }, payouts);
    const sha256 = fileSha256(xml);
    if (sha256 !== batch.file_sha256) {
      throw new PayoutRefusal(
        'BATCH_FILE_CHANGED',
        `The file ${batch.id} cannot be written again as it was: what it would hold now differs from the original (a brand's name or the payout account PAYOUT_DEBTOR_* changed since the export). Nothing was written.`,
      );
    }
    const total = payouts.reduce((sum, p) => sum + p.amount, 0);
    const brandIds = [...new Set(payouts.map((p) => p.brand_id))];
    await recordAuditEvent(
      trx,
      {
        type: 'payouts.reexport',
        ...auditActorFields(actor),
        outcome: purpose === 'resend' ? 'written' : 'downloaded',
        // One brand's file names it, so the brand's staff see it in their trail.
        brandId: brandIds.length === 1 ? brandIds[0] : null,
        detail: `batch ${batch.id} (${format}) ${purpose === 'resend' ? 'written again' : 'downloaded'}: ${payouts.length} payouts, ${total} ${batch.asset_code}, sha256 ${sha256}`,
      },
      at,
    );
    await stage(xml);
    return { messageId: batch.id, format, count: payouts.length, total, executionDate, sha256, settled: settled.length };
  });
}
