import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findPayoutBatch, payoutsOfBatch } from '../db/repositories/payouts.js';
import { amsterdamDate, type PainFormat } from '../domain/sepa.js';
import { type ExportPayoutsDeps, fileSha256, type FileTarget, payoutFileXml, withStagedFile } from './export-payouts.js';
import { OperatorError } from './operator-error.js';
import { operatorAuditFields } from './operator-name.js';

export interface ReexportResult {
  messageId: string;
  format: PainFormat;
  count: number;
  total: number;
  executionDate: string;
  sha256: string;
}

/**
 * `tessera payouts export --batch ID`: writes a lost payout file again, byte for byte.
 *
 * The file is rebuilt from what the export stored: the batch's id (MsgId and PmtInfId), its
 * format and creation time (CreDtTm, and the execution date: the Amsterdam date of that moment),
 * its payouts in the export's order (amounts, end-to-end ids, encrypted names and IBANs, BICs),
 * their brands' names and cards' last digits (the remittance line), and the configured debtor.
 * The result must hash to the batch's `file_sha256`: when it does not (the brand's name or the
 * payout account changed since), nothing is written, because a different file is not the lost
 * one. Since the MsgId is the original one, a bank that did receive the first file refuses this
 * one as a duplicate.
 *
 * Nothing is paid twice: every payout of the batch must still be `exported` (the bank has not
 * reported on any of them); when one is paid, failed or returned, the bank processed the file and
 * sending it again could pay the others twice, so it is refused. No payout changes; the audit
 * trail records `payouts.reexport`.
 */
export async function reexportPayoutBatch(
  deps: { db: Db; crypto: Crypto; debtor: ExportPayoutsDeps['debtor']; operator?: string; now: () => Date },
  batchId: string,
  target: FileTarget,
): Promise<ReexportResult> {
  const at = deps.now().toISOString();
  return withStagedFile(deps.db, target, async (trx, stage): Promise<ReexportResult> => {
    const batch = await findPayoutBatch(trx, batchId);
    if (!batch) throw new OperatorError(`There is no payout file ${batchId} (see the BATCH column of "tessera payouts list"); nothing was written.`);
    const payouts = await payoutsOfBatch(trx, batch.id);
    const settled = payouts.filter((p) => p.status !== 'exported');
    if (settled.length > 0) {
      throw new OperatorError(
        `The bank already reported on ${settled.length} of the ${payouts.length} payouts of ${batch.id}; sending this file again could pay them twice, so nothing was written.`,
        settled.map((p) => `${p.id}: ${p.status}`),
      );
    }
    if (payouts.length !== batch.payout_count) {
      throw new OperatorError(`The file ${batch.id} held ${batch.payout_count} payouts but ${payouts.length} are in it now; nothing was written.`);
    }
    const createdAt = new Date(batch.created_at);
    const executionDate = amsterdamDate(createdAt);
    const format = batch.format as PainFormat;
    const xml = payoutFileXml(deps, { format, messageId: batch.id, createdAt, executionDate }, payouts);
    const sha256 = fileSha256(xml);
    if (sha256 !== batch.file_sha256) {
      throw new OperatorError(
        `The file ${batch.id} cannot be written again as it was: what it would hold now differs from the original (a brand's name or the payout account PAYOUT_DEBTOR_* changed since the export). Nothing was written.`,
      );
    }
    const total = payouts.reduce((sum, p) => sum + p.amount, 0);
    await recordAuditEvent(
      trx,
      { type: 'payouts.reexport', ...operatorAuditFields(deps), outcome: 'written', detail: `batch ${batch.id} (${format}) written again: ${payouts.length} payouts, ${total} ${batch.asset_code}, sha256 ${sha256}` },
      at,
    );
    await stage(xml);
    return { messageId: batch.id, format, count: payouts.length, total, executionDate, sha256 };
  });
}
