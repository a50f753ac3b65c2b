import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { batchFileAgain, type BatchFileResult } from '../payout-batches/batch-file.js';
import type { FileTarget, PayoutDebtor } from '../payout-batches/payout-file.js';
import { operatorCommandActor } from './operator-name.js';
import { inOperatorWords } from './service-refusals.js';

export type ReexportResult = BatchFileResult;

/**
 * `tessera payouts export --batch ID`: writes a lost payout file again, byte for byte, to send it
 * to the bank (payout-batches/batch-file.ts, purpose `resend`): refused when the bank already
 * reported on any of its payouts, since sending it again could pay twice.
 */
export function reexportPayoutBatch(
  deps: { db: Db; crypto: Crypto; debtor: PayoutDebtor; operator?: string; now: () => Date },
  batchId: string,
  target: FileTarget,
): Promise<ReexportResult> {
  return inOperatorWords(batchFileAgain(deps, batchId, 'resend', operatorCommandActor(deps), target));
}
