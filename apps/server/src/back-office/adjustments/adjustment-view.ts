import { maskCardNumber } from '@tessera/contracts';
import type { Adjustment } from '@tessera/contracts/admin';
import type { AdjustmentProposalRow } from '../../db/repositories/adjustment-proposals.js';

/** A proposal as the queue and the card page list it: who proposed and decided it, and when. */
export function adjustmentView(row: AdjustmentProposalRow): Adjustment {
  const money = (value: number) => ({ value: Number(value), assetCode: row.asset_code });
  return {
    id: row.id,
    cardId: row.card_id,
    brand: row.brand_code,
    masked: maskCardNumber(row.number_last3),
    amount: money(row.amount),
    reason: row.reason,
    reference: row.reference,
    status: row.status,
    proposedBy: row.proposed_by,
    proposedAt: row.proposed_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
    balanceAfter: row.status === 'applied' && row.balance_after !== null ? money(row.balance_after) : null,
  };
}

/** The detail of a proposal's audit events (`adjustment.propose`, `adjustment.reject`): the timeline reads it back (domain/timeline-text.ts). */
export const adjustmentDetail = (row: Pick<AdjustmentProposalRow, 'id' | 'amount' | 'asset_code'>, text: string) => `proposal ${row.id}: ${row.amount} ${row.asset_code}; ${text}`.slice(0, 1000);
