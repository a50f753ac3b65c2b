import { maskCardNumber } from '@tessera/contracts';
import type { BatchPayout, PayoutBatchSummary } from '@tessera/contracts/admin';
import type { ListedPayout, listPayoutBatches } from '../../db/repositories/payouts.js';
import { amsterdamDate } from '../../domain/sepa.js';

type BatchRow = Awaited<ReturnType<typeof listPayoutBatches>>[number];

/** A batch's payouts per brand and status, as the repository counts them. */
export interface BatchCount {
  brandCode: string;
  status: string;
  count: number;
}

/** A batch as the list and its page show it: what its file holds, and where its payouts stand now. */
export function batchSummary(batch: BatchRow, counts: readonly BatchCount[]): PayoutBatchSummary {
  const statuses: Record<string, number> = {};
  for (const c of counts) statuses[c.status] = (statuses[c.status] ?? 0) + c.count;
  return {
    id: batch.id,
    format: batch.format,
    createdAt: batch.created_at,
    executionDate: amsterdamDate(new Date(batch.created_at)),
    brands: [...new Set(counts.map((c) => c.brandCode))].sort(),
    count: batch.payout_count,
    total: { value: Number(batch.control_sum), assetCode: batch.asset_code },
    statuses,
  };
}

/** A payout as the back office shows it: the card masked, the IBAN as its hint, never the name. */
export function batchPayout(p: ListedPayout): BatchPayout {
  return {
    id: p.id,
    endToEndId: p.end_to_end_id,
    cardId: p.card_id,
    brand: p.brand_code,
    masked: maskCardNumber(p.card_last3),
    amount: { value: Number(p.amount), assetCode: p.asset_code },
    fee: { value: Number(p.fee), assetCode: p.asset_code },
    ibanHint: p.iban_hint,
    status: p.status,
    requestedAt: p.created_at,
    settledAt: p.settled_at,
  };
}
