import type { PayoutBatch, PayoutBatchList } from '@tessera/contracts/admin';
import type { Executor } from '../../db/repositories/executor.js';
import { findPayoutBatch, listPayoutBatches, listPayouts, payoutCountsByBatch, pendingPayoutCounts } from '../../db/repositories/payouts.js';
import { scopeIncludes, type StaffScope } from '../cards/staff-scope.js';
import { batchPayout, batchSummary } from './batch-views.js';
import { batchNotFound } from './payout-errors.js';

/** A batch is the caller's when they may review payouts of every brand in it. */
const within = (scope: StaffScope, brands: readonly string[]) => brands.length > 0 && brands.every((b) => scopeIncludes(scope, b));

/**
 * GET /admin/api/payout-batches: per brand of the caller, what an export would take now; and the
 * batches of the caller's brands, newest first, each with where its payouts stand.
 */
export async function listBatchesForStaff(db: Executor, scope: StaffScope): Promise<PayoutBatchList> {
  const [batches, counts, pending] = await Promise.all([listPayoutBatches(db), payoutCountsByBatch(db), pendingPayoutCounts(db)]);
  const items = batches.flatMap((batch) => {
    const of = counts.filter((c) => c.batchId === batch.id);
    const summary = batchSummary(batch, of);
    return within(scope, summary.brands) ? [summary] : [];
  });
  return {
    pending: pending
      .filter((p) => scopeIncludes(scope, p.brandCode))
      .map((p) => ({ brand: p.brandCode, count: p.count, total: { value: p.total, assetCode: p.assetCode } }))
      .sort((a, b) => a.brand.localeCompare(b.brand)),
    items,
  };
}

/** GET /admin/api/payout-batches/{id}: the batch and its payouts in the file's order. Another brand's batch: NOT_FOUND. */
export async function readBatchForStaff(db: Executor, scope: StaffScope, batchId: string): Promise<PayoutBatch> {
  const batch = await findPayoutBatch(db, batchId);
  if (!batch) throw batchNotFound();
  const payouts = await listPayouts(db, { batchId });
  const counts = payouts.map((p) => ({ brandCode: p.brand_code, status: p.status, count: 1 }));
  const summary = batchSummary(batch, counts);
  if (!within(scope, summary.brands)) throw batchNotFound();
  return { ...summary, payouts: payouts.map(batchPayout) };
}
