import type { PayoutRow } from '../../db/schema.js';
import { webhookCard } from './events.js';

/** What the payout.* events carry: no name, no IBAN (its masked hint only). */
export function payoutEventData(
  card: { id: string; number_last3: string; kind: 'visa' | 'giftcard' },
  payout: Pick<PayoutRow, 'id' | 'amount' | 'fee' | 'asset_code' | 'iban_hint' | 'end_to_end_id' | 'attempt'>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    payout: {
      id: payout.id,
      amount: { value: payout.amount, assetCode: payout.asset_code },
      fee: { value: payout.fee, assetCode: payout.asset_code },
      ibanHint: payout.iban_hint,
      endToEndId: payout.end_to_end_id,
      attempt: payout.attempt,
      ...extra,
    },
    card: webhookCard(card),
  };
}
