import type { PayoutBatch, PayoutBatchRequest, PayoutSettlement, PayoutSettlementAnswer } from '@tessera/contracts/admin';
import type { StaffActor } from '../../card-commands/actor.js';
import { listBrands } from '../../db/repositories/brands.js';
import { listPayouts } from '../../db/repositories/payouts.js';
import type { ServiceDeps } from '../../deps.js';
import { DEFAULT_PAIN_FORMAT } from '../../domain/sepa.js';
import { AppError } from '../../errors.js';
import { batchFileAgain } from '../../payout-batches/batch-file.js';
import { exportPayoutBatch } from '../../payout-batches/export-batch.js';
import { memoryTarget } from '../../payout-batches/payout-file.js';
import { PayoutRefusal } from '../../payout-batches/payout-refusal.js';
import { settlePayouts } from '../../payout-batches/settle-payouts.js';
import { scopeIncludes, type StaffScope } from '../cards/staff-scope.js';
import { batchPayout } from './batch-views.js';
import { readBatchForStaff } from './payout-batches.js';
import { debtorOf, inStaffWords, payoutNotFound } from './payout-errors.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now' | 'config'>;

/**
 * POST /admin/api/payout-batches: the brand's pending payouts into a new batch, by the service
 * `tessera payouts export` runs (payout-batches/export-batch.ts), with the staff member as the
 * actor. The file is not kept: it is made again from the batch whenever it is downloaded, byte for
 * byte (its hash is in the batch). Nothing pending: 409 NO_PENDING_PAYOUTS, nothing written.
 */
export async function exportBatchForStaff(deps: Deps, scope: StaffScope, actor: StaffActor, request: PayoutBatchRequest): Promise<PayoutBatch> {
  const brand = (await listBrands(deps.db)).find((b) => b.code.toUpperCase() === request.brand.toUpperCase());
  if (!brand || !scopeIncludes(scope, brand.code)) throw new AppError('NOT_FOUND', 'There is no such brand.');
  const result = await inStaffWords(
    exportPayoutBatch({ ...deps, debtor: debtorOf(deps) }, { format: request.format ?? DEFAULT_PAIN_FORMAT, brandId: brand.id }, actor, memoryTarget()),
  );
  if (result.kind === 'empty') throw new AppError('NO_PENDING_PAYOUTS', `${brand.code} has no pending payouts: nothing was exported.`);
  return readBatchForStaff(deps.db, scope, result.messageId);
}

/**
 * GET /admin/api/payout-batches/{id}/file: the batch's pain.001 file, the same bytes as at its
 * export (payout-batches/batch-file.ts, purpose `download`), at any time. It holds names and full
 * IBANs, so every download is audited with who asked.
 */
export async function batchFileForStaff(deps: Deps, scope: StaffScope, actor: StaffActor, batchId: string): Promise<{ fileName: string; xml: string }> {
  // The scope check first: another brand's batch is not found, and nothing is audited of it.
  await readBatchForStaff(deps.db, scope, batchId);
  const target = memoryTarget();
  await inStaffWords(batchFileAgain({ ...deps, debtor: debtorOf(deps) }, batchId, 'download', actor, target));
  return { fileName: `${batchId}.xml`, xml: target.content() };
}

const SETTLEMENT_WORD: Record<PayoutSettlement, string> = { paid: 'paid', failed: 'failed', returned: 'returned' };

/** Why a payout in `status` cannot take `settlement`, for staff. */
function conflict(status: string, settlement: PayoutSettlement): string {
  if (settlement === 'paid' && status === 'pending') return 'This payout is not in a batch yet: export it first.';
  if (settlement === 'returned' && status === 'exported') return 'Only a paid payout can be returned; a transfer the bank refused or sent back before paying it is marked failed.';
  if (settlement === 'failed' && status === 'paid') return 'A paid payout cannot be marked failed; when the bank sent the money back, return it.';
  if (status === 'failed' || status === 'returned') return `This payout is ${status}: its money is back on the card already, so it cannot be marked ${SETTLEMENT_WORD[settlement]}.`;
  return `This payout is ${status}; it cannot be marked ${SETTLEMENT_WORD[settlement]}.`;
}

/**
 * POST /admin/api/payouts/{id}/mark-paid|mark-failed|return: one payout settled by the service
 * `tessera payouts mark-paid|mark-failed|return` runs (payout-batches/settle-payouts.ts), with the
 * staff member as the actor. A repeat changes nothing and says so (`changed: false`); a failure
 * or return puts the amount and the fee back on the card once, in the same transaction.
 */
export async function settlePayoutForStaff(deps: Deps, scope: StaffScope, actor: StaffActor, payoutId: string, settlement: PayoutSettlement): Promise<PayoutSettlementAnswer> {
  const before = (await listPayouts(deps.db, { id: payoutId }))[0];
  if (!before || !scopeIncludes(scope, before.brand_code)) throw payoutNotFound();
  let was: string;
  let changed: boolean;
  try {
    const [settled] = await inStaffWords(settlePayouts(deps, [before.id], settlement, actor));
    was = settled!.was;
    changed = settled!.changed;
  } catch (error) {
    if (!(error instanceof PayoutRefusal && error.code === 'PAYOUT_STATUS')) throw error;
    const now = (await listPayouts(deps.db, { id: payoutId }))[0]!;
    throw new AppError('PAYOUT_STATUS_CONFLICT', conflict(now.status, settlement));
  }
  const after = (await listPayouts(deps.db, { id: payoutId }))[0]!;
  return { payout: batchPayout(after), was, changed };
}
