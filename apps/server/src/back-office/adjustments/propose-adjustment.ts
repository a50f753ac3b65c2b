import type { Adjustment, AdjustmentRequest } from '@tessera/contracts/admin';
import type { StaffActor } from '../../card-commands/actor.js';
import { findAdjustmentProposal, findAdjustmentProposalByReference, insertAdjustmentProposal } from '../../db/repositories/adjustment-proposals.js';
import { findCardById } from '../../db/repositories/cards.js';
import { findStaffCardById } from '../../db/repositories/staff-cards.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { recordStaffEvent } from '../audit/record-staff-event.js';
import { scopeIncludes, staffCardNotFound, type StaffScope } from '../cards/staff-scope.js';
import { adjustmentDetail, adjustmentView } from './adjustment-view.js';

type Deps = Pick<ServiceDeps, 'db' | 'now'>;

/**
 * POST /admin/api/cards/{id}/adjustments: a proposal that waits for a second person. Nothing is
 * booked yet, so the balance is not checked here but when it is approved (the balance may change
 * in between). The amount must be in the card's own asset. The same reference on the same card
 * answers the proposal made before (a retry), or REFERENCE_REUSED when it says something else.
 * The proposal and its `adjustment.propose` audit event are written in one transaction, with the
 * card's row locked so that the same proposal sent twice at once is still one (the second finds the
 * first by its reference).
 */
export async function proposeAdjustment(deps: Deps, scope: StaffScope, actor: StaffActor, cardId: string, request: AdjustmentRequest): Promise<{ adjustment: Adjustment; created: boolean }> {
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await findCardById(trx, cardId, { forUpdate: true }))) throw staffCardNotFound();
    const card = await findStaffCardById(trx, cardId);
    if (!card || !scopeIncludes(scope, card.brand_code)) throw staffCardNotFound();
    if (request.amount.assetCode !== card.asset_code) {
      throw new AppError('VALIDATION_ERROR', `This card holds ${card.asset_code}: an adjustment must be in ${card.asset_code}.`);
    }
    const reference = request.reference ?? null;
    if (reference !== null) {
      const earlier = await findAdjustmentProposalByReference(trx, card.id, reference);
      if (earlier) {
        if (Number(earlier.amount) !== request.amount.value || earlier.reason !== request.reason || earlier.proposed_by !== actor.email.toLowerCase()) {
          throw new AppError('REFERENCE_REUSED', `This card has a proposal with the reference ${reference} already, for another amount, reason or person; nothing was proposed.`);
        }
        return { adjustment: adjustmentView(earlier), created: false };
      }
    }
    const id = timeOrderedId();
    const row = {
      id,
      card_id: card.id,
      brand_id: card.brand_id,
      asset_code: card.asset_code,
      amount: request.amount.value,
      reason: request.reason,
      reference,
      status: 'pending' as const,
      proposed_by: actor.email.toLowerCase(),
      proposed_at: now,
      decided_by: null,
      decided_at: null,
      decision_reason: null,
      balance_before: null,
      balance_after: null,
    };
    await insertAdjustmentProposal(trx, row);
    const detail = adjustmentDetail(row, reference === null ? request.reason : `${request.reason} (reference ${reference})`);
    await recordStaffEvent(trx, actor, { type: 'adjustment.propose', outcome: 'proposed', brandId: card.brand_id, cardId: card.id, detail }, now);
    return { adjustment: adjustmentView((await findAdjustmentProposal(trx, id))!), created: true };
  });
}
