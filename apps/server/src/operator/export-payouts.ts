import { createHash, randomBytes } from 'node:crypto';
import { isValidIbanChecksum } from '@tessera/contracts';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { insertPayoutBatch, markPayoutsExported, type PayoutForFile, pendingPayoutsForExport } from '../db/repositories/payouts.js';
import { amsterdamDate, buildCreditTransferXml, type PainFormat, SepaRuleError, type SepaTransfer } from '../domain/sepa.js';
import { validateAgainstXsd } from './xsd-validator.js';
import { operatorAuditFields } from './operator-name.js';
import { OperatorError } from './operator-error.js';
import { PAYOUT_ASSET } from '../domain/payout.js';

/** Where the file goes. `stage` runs after the XML validated and before the commit; `commit` after it. */
export interface FileTarget {
  stage(xml: string): Promise<{ commit(): Promise<void>; abort(): Promise<void> }>;
}

/**
 * Runs `work` in one transaction; `stage` (called by `work` once the file's content is final) puts
 * the file next to its target. The file goes into place only after the commit, and a staged file
 * is removed when the transaction fails, so no file exists whose payouts are not marked. A failure
 * to put it in place after the commit is the target's to report (it keeps the staged file).
 */
export async function withStagedFile<T>(
  db: Db,
  target: FileTarget,
  work: (trx: Transaction<Database>, stage: (xml: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  let staged: Awaited<ReturnType<FileTarget['stage']>> | undefined;
  let committed = false;
  try {
    const result = await db.transaction().execute((trx) =>
      work(trx, async (xml) => {
        staged = await target.stage(xml);
      }),
    );
    committed = true;
    if (staged) await staged.commit();
    return result;
  } catch (error) {
    if (staged && !committed) await staged.abort().catch(() => undefined);
    throw error;
  }
}

export interface ExportPayoutsDeps {
  db: Db;
  crypto: Crypto;
  now: () => Date;
  debtor: { name: string; iban: string; bic: string };
  /** Who runs the export, for the audit trail. */
  operator?: string;
}

export type ExportPayoutsResult =
  | { kind: 'empty' }
  | { kind: 'exported'; messageId: string; format: PainFormat; count: number; total: number; executionDate: string };

/** MsgId and PmtInfId: TSR-yyyymmddhhmmss-6 hex (25 characters, unique per file). */
export function newMessageId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `TSR-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** The one remittance line the cardholder reads on the bank statement. */
export const remittanceOf = (brandName: string, cardLast3: string) => `Uitbetaling saldo ${brandName} kaart eindigend op ${cardLast3}`;

/**
 * The file of these payouts, in this order. Everything in it comes from the payouts (amounts,
 * end-to-end ids, the encrypted name and IBAN, the BIC), their card and brand (the remittance
 * line), the debtor and the header given: the same input gives the same bytes, which is what lets
 * `payouts export --batch` write a lost file again (reexport-payouts.ts).
 */
export function payoutFileXml(
  deps: { crypto: Crypto; debtor: ExportPayoutsDeps['debtor'] },
  header: { format: PainFormat; messageId: string; createdAt: Date; executionDate: string },
  payouts: readonly PayoutForFile[],
): string {
  const transfers: SepaTransfer[] = payouts.map((p) => {
    const iban = deps.crypto.cipher.decrypt(p.iban_ciphertext, PURPOSE.payoutIban);
    if (p.asset_code !== PAYOUT_ASSET) throw new OperatorError(`Payout ${p.id} is in ${p.asset_code}; a SEPA file pays EUR only. Nothing was exported.`);
    if (!isValidIbanChecksum(iban)) throw new OperatorError(`Payout ${p.id} has an IBAN that is not valid; nothing was exported.`);
    return {
      endToEndId: p.end_to_end_id,
      amount: p.amount,
      creditor: { name: deps.crypto.cipher.decrypt(p.name_ciphertext, PURPOSE.payoutName), iban, bic: p.bic },
      remittance: remittanceOf(p.brand_name, p.card_last3),
    };
  });
  try {
    return buildCreditTransferXml({ ...header, debtor: deps.debtor, transfers });
  } catch (error) {
    if (error instanceof SepaRuleError) throw new OperatorError(`The payout file breaks a SEPA rule: ${error.message}. Nothing was written.`);
    throw error;
  }
}

/** The hash payout_batches keeps of each file, to prove a file written again is the same file. */
export const fileSha256 = (xml: string) => createHash('sha256').update(xml).digest('hex');

/**
 * `tessera payouts export`: every pending payout into one SEPA credit transfer file.
 *
 * In one transaction: the pending payouts are read (locked on PostgreSQL, so two exports at once
 * cannot both take one), the file is built and validated against the ISO 20022 schema, the file is
 * staged (written to a temporary file next to the target), the payouts are marked exported with
 * the batch record and audit events, and the transaction commits; only then is the file put in
 * place (or printed). A file that does not validate is never written, and a failed commit
 * removes the staged file, so there is never a file whose payouts are still pending (and would
 * be paid again by the next export). Nothing pending: nothing is written and `empty` is answered.
 */
export async function exportPayouts(deps: ExportPayoutsDeps, format: PainFormat, target: FileTarget): Promise<ExportPayoutsResult> {
  const now = deps.now();
  const at = now.toISOString();
  return withStagedFile(deps.db, target, async (trx, stage): Promise<ExportPayoutsResult> => {
    const pending = await pendingPayoutsForExport(trx);
    if (pending.length === 0) return { kind: 'empty' };

    const messageId = newMessageId(now);
    const executionDate = amsterdamDate(now);
    const xml = payoutFileXml(deps, { format, messageId, createdAt: now, executionDate }, pending);
    const validation = await validateAgainstXsd(xml, format);
    if (!validation.valid) {
      throw new OperatorError(`The payout file does not validate against the ${format} schema; nothing was written or exported.`, validation.errors);
    }

    const total = pending.reduce((sum, p) => sum + p.amount, 0);
    await insertPayoutBatch(trx, {
      id: messageId,
      format,
      payout_count: pending.length,
      control_sum: total,
      asset_code: PAYOUT_ASSET,
      file_sha256: fileSha256(xml),
      created_at: at,
    });
    const changed = await markPayoutsExported(
      trx,
      pending.map((p) => p.id),
      messageId,
      at,
    );
    // Another export took some of them meanwhile (SQLite across processes): write nothing.
    if (changed !== pending.length) throw new OperatorError('Another export changed these payouts at the same time; nothing was written. Run the export again.');
    for (const p of pending) {
      await recordAuditEvent(trx, { type: 'payout.export', ...operatorAuditFields(deps), outcome: 'exported', brandId: p.brand_id, cardId: p.card_id, detail: `payout ${p.id} in batch ${messageId}` }, at);
    }
    await recordAuditEvent(trx, { type: 'payouts.export', ...operatorAuditFields(deps), outcome: 'exported', detail: `batch ${messageId} (${format}): ${pending.length} payouts, ${total} ${PAYOUT_ASSET}` }, at);
    await stage(xml);
    return { kind: 'exported', messageId, format, count: pending.length, total, executionDate };
  });
}
