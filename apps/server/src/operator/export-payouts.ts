import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import type { PainFormat } from '../domain/sepa.js';
import { type ExportBatchResult, exportPayoutBatch } from '../payout-batches/export-batch.js';
import type { FileTarget, PayoutDebtor } from '../payout-batches/payout-file.js';
import { operatorCommandActor } from './operator-name.js';
import { inOperatorWords } from './service-refusals.js';

export type { FileTarget } from '../payout-batches/payout-file.js';

export interface ExportPayoutsDeps {
  db: Db;
  crypto: Crypto;
  now: () => Date;
  debtor: PayoutDebtor;
  /** Who runs the export, for the audit trail. */
  operator?: string;
}

export type ExportPayoutsResult = ExportBatchResult;

/**
 * `tessera payouts export`: every pending payout of every brand into one SEPA credit transfer
 * file (payout-batches/export-batch.ts, which the back office runs per brand), with the operator
 * as the actor.
 */
export function exportPayouts(deps: ExportPayoutsDeps, format: PainFormat, target: FileTarget): Promise<ExportPayoutsResult> {
  return inOperatorWords(exportPayoutBatch(deps, { format }, operatorCommandActor(deps), target));
}
