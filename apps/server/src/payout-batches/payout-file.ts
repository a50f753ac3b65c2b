import { createHash, randomBytes } from 'node:crypto';
import { isValidIbanChecksum } from '@tessera/contracts';
import type { Transaction } from 'kysely';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import type { PayoutForFile } from '../db/repositories/payouts.js';
import type { Database } from '../db/schema.js';
import { PAYOUT_ASSET } from '../domain/payout.js';
import { buildCreditTransferXml, type PainFormat, SepaRuleError, type SepaTransfer } from '../domain/sepa.js';
import { validateAgainstXsd } from './xsd-validator.js';
import { PayoutRefusal } from './payout-refusal.js';

/** The account payouts are paid from (config PAYOUT_DEBTOR_*). */
export interface PayoutDebtor {
  name: string;
  iban: string;
  bic: string;
}

/** Where the file goes. `stage` runs after the XML validated and before the commit; `commit` after it. */
export interface FileTarget {
  stage(xml: string): Promise<{ commit(): Promise<void>; abort(): Promise<void> }>;
}

/** A target that keeps the file in memory (the back office answers it as a download), once committed. */
export function memoryTarget(): FileTarget & { content(): string } {
  let staged: string | undefined;
  let committed: string | undefined;
  return {
    stage: async (xml) => {
      staged = xml;
      return {
        commit: async () => {
          committed = staged;
        },
        abort: async () => undefined,
      };
    },
    content: () => {
      if (committed === undefined) throw new Error('memoryTarget: no file was committed');
      return committed;
    },
  };
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

/** MsgId and PmtInfId: TSR-yyyymmddhhmmss-6 hex (25 characters, unique per file). */
export function newMessageId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `TSR-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** A batch id as newMessageId makes it: what a caller may check before looking one up. */
export const BATCH_ID = /^TSR-\d{14}-[0-9a-f]{6}$/;

/** The one remittance line the cardholder reads on the bank statement. */
export const remittanceOf = (brandName: string, cardLast3: string) => `Uitbetaling saldo ${brandName} kaart eindigend op ${cardLast3}`;

/**
 * The file of these payouts, in this order. Everything in it comes from the payouts (amounts,
 * end-to-end ids, the encrypted name and IBAN, the BIC), their card and brand (the remittance
 * line), the debtor and the header given: the same input gives the same bytes, which is what lets
 * a lost file be written again (batch-file.ts).
 */
export function payoutFileXml(
  deps: { crypto: Crypto; debtor: PayoutDebtor },
  header: { format: PainFormat; messageId: string; createdAt: Date; executionDate: string },
  payouts: readonly PayoutForFile[],
): string {
  const transfers: SepaTransfer[] = payouts.map((p) => {
    const iban = deps.crypto.cipher.decrypt(p.iban_ciphertext, PURPOSE.payoutIban);
    if (p.asset_code !== PAYOUT_ASSET) throw new PayoutRefusal('FILE_INVALID', `Payout ${p.id} is in ${p.asset_code}; a SEPA file pays EUR only. Nothing was exported.`);
    if (!isValidIbanChecksum(iban)) throw new PayoutRefusal('FILE_INVALID', `Payout ${p.id} has an IBAN that is not valid; nothing was exported.`);
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
    if (error instanceof SepaRuleError) throw new PayoutRefusal('FILE_INVALID', `The payout file breaks a SEPA rule: ${error.message}. Nothing was written.`);
    throw error;
  }
}

/** Refuses a file that does not validate against its ISO 20022 schema. */
export async function checkAgainstSchema(xml: string, format: PainFormat): Promise<void> {
  const validation = await validateAgainstXsd(xml, format);
  if (!validation.valid) {
    throw new PayoutRefusal('FILE_INVALID', `The payout file does not validate against the ${format} schema; nothing was written or exported.`, validation.errors);
  }
}

/** The hash payout_batches keeps of each file, to prove a file written again is the same file. */
export const fileSha256 = (xml: string) => createHash('sha256').update(xml).digest('hex');
