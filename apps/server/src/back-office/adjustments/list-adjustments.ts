import { ADJUSTMENT_LIST_LIMIT, type Adjustment, type AdjustmentFilter } from '@tessera/contracts/admin';
import { listAdjustmentProposals } from '../../db/repositories/adjustment-proposals.js';
import type { ServiceDeps } from '../../deps.js';
import type { StaffScope } from '../cards/staff-scope.js';
import { adjustmentView } from './adjustment-view.js';

/**
 * GET /admin/api/adjustments?status=&card=: the queue (pending ones), the decided ones, or every
 * proposal of one card, newest first, only of the caller's brands (another brand's card lists nothing, as an
 * unknown one).
 */
export async function listAdjustments(deps: Pick<ServiceDeps, 'db'>, scope: StaffScope, query: { status: AdjustmentFilter; card?: string }): Promise<{ items: Adjustment[] }> {
  const rows = await listAdjustmentProposals(deps.db, { brands: scope.brands, status: query.status, cardId: query.card }, ADJUSTMENT_LIST_LIMIT);
  return { items: rows.map(adjustmentView) };
}
