import type { Money } from '@tessera/contracts';
import type { StaffActor } from '../../card-commands/actor.js';
import { adjustLockedBalance } from '../../card-commands/adjust-balance.js';
import { CardCommandRefusal } from '../../card-commands/card-command-refusal.js';
import { type LockedCard, withLockedCard } from '../../card-commands/locked-card.js';
import { type AdjustmentProposalRow, decideAdjustmentProposal, findAdjustmentProposal } from '../../db/repositories/adjustment-proposals.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { recordStaffEvent } from '../audit/record-staff-event.js';
import { scopeIncludes, type StaffScope } from '../cards/staff-scope.js';
import { adjustmentDetail } from './adjustment-view.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now'>;

const unknownAdjustment = () => new AppError('NOT_FOUND', 'No adjustment with this id exists.');

/**
 * Runs a decision on a pending proposal with the card's row locked (PostgreSQL: FOR UPDATE; SQLite
 * runs one write transaction at a time), so of any number of decisions at once one finds it
 * pending and the others find it decided. The proposal is read again under the lock. Its
 * proposer may never decide it, whatever their roles (FOUR_EYES_REQUIRED); a decided one answers
 * ALREADY_DECIDED. A proposal outside the caller's brands answers as an unknown one.
 */
async function decide<T>(deps: Deps, scope: StaffScope, actor: StaffActor, id: string, decision: (locked: LockedCard, proposal: AdjustmentProposalRow) => Promise<T>): Promise<T> {
  const found = await findAdjustmentProposal(deps.db, id);
  if (!found || !scopeIncludes(scope, found.brand_code)) throw unknownAdjustment();
  return withLockedCard(deps, found.card_id, async (locked) => {
    const proposal = (await findAdjustmentProposal(locked.trx, id))!;
    if (proposal.proposed_by === actor.email.toLowerCase()) {
      throw new AppError('FOUR_EYES_REQUIRED', 'You proposed this adjustment: someone else with finance or admin on this brand must decide it.');
    }
    if (proposal.status !== 'pending') throw alreadyDecided(proposal);
    return decision(locked, proposal);
  });
}

const alreadyDecided = (proposal: Pick<AdjustmentProposalRow, 'status' | 'decided_by' | 'decided_at'>) =>
  new AppError('ALREADY_DECIDED', `This adjustment was ${proposal.status} already${proposal.decided_by ? ` by ${proposal.decided_by} at ${proposal.decided_at}` : ''}; nothing was changed.`);

/**
 * POST /admin/api/adjustments/{id}/approve: books the `adjustment` ledger entry, the `card.adjust`
 * audit event with the balance before and after and the card's `adjustment.created` webhook
 * (card-commands/adjust-balance.ts), and marks the proposal applied, in one transaction. The
 * ledger reference is the proposal's, so it can be booked once only. A balance that would go
 * below zero is BALANCE_TOO_LOW and the proposal stays pending (the transaction rolls back).
 */
export async function approveAdjustment(deps: Deps, scope: StaffScope, actor: StaffActor, id: string): Promise<{ status: 'applied'; balanceAfter: Money }> {
  try {
    return await decide(deps, scope, actor, id, async (locked, proposal) => {
      const amount = Number(proposal.amount);
      const outcome = await adjustLockedBalance(
        deps,
        locked,
        { amount, reason: `${proposal.reason}; proposal ${proposal.id} by ${proposal.proposed_by} at ${proposal.proposed_at}`, reference: `proposal:${proposal.id}` },
        actor,
      );
      if (!outcome.booked) throw alreadyDecided(proposal);
      const decided = await decideAdjustmentProposal(locked.trx, proposal.id, {
        status: 'applied',
        decided_by: actor.email.toLowerCase(),
        decided_at: locked.now.toISOString(),
        decision_reason: null,
        balance_before: outcome.balanceBefore,
        balance_after: outcome.balanceAfter,
      });
      if (!decided) throw alreadyDecided(proposal);
      return { status: 'applied' as const, balanceAfter: { value: outcome.balanceAfter, assetCode: outcome.assetCode } };
    });
  } catch (error) {
    if (error instanceof CardCommandRefusal && error.code === 'BALANCE_TOO_LOW') {
      throw new AppError(
        'BALANCE_TOO_LOW',
        'The balance is too low: this adjustment would take it below zero. It stays pending; reject it, or approve it once the balance allows.',
      );
    }
    if (error instanceof CardCommandRefusal && error.code === 'CARD_NOT_FOUND') throw unknownAdjustment();
    throw error;
  }
}

/** POST /admin/api/adjustments/{id}/reject: the proposal rejected with a reason, nothing booked; audited as `adjustment.reject`. */
export async function rejectAdjustment(deps: Deps, scope: StaffScope, actor: StaffActor, id: string, reason: string): Promise<{ status: 'rejected' }> {
  return decide(deps, scope, actor, id, async ({ trx, now }, proposal) => {
    const at = now.toISOString();
    const decided = await decideAdjustmentProposal(trx, proposal.id, {
      status: 'rejected',
      decided_by: actor.email.toLowerCase(),
      decided_at: at,
      decision_reason: reason,
      balance_before: null,
      balance_after: null,
    });
    if (!decided) throw alreadyDecided(proposal);
    await recordStaffEvent(trx, actor, { type: 'adjustment.reject', outcome: 'rejected', brandId: proposal.brand_id, cardId: proposal.card_id, detail: adjustmentDetail(proposal, reason) }, at);
    return { status: 'rejected' as const };
  });
}
