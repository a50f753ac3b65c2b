import { maskCardNumber } from '@tessera/contracts';
import type { AdminCardSummary } from '@tessera/contracts/admin';
import { stateOf } from '../../brand-api/api-card.js';
import type { StaffCardRow } from '../../db/repositories/staff-cards.js';
import { balancesOf, type LedgerAmount } from '../../domain/ledger.js';

/**
 * A card as the back office lists it: the brand API's id and state, the number masked as the
 * portal masks it, the balance in the card's own asset (the ledger's sum).
 */
export function cardSummary(card: StaffCardRow, sums: readonly LedgerAmount[], now: Date): AdminCardSummary {
  const balance = balancesOf(sums, card.asset_code).find((b) => b.assetCode === card.asset_code)!;
  return {
    id: card.id,
    brand: card.brand_code,
    kind: card.kind,
    masked: maskCardNumber(card.number_last3),
    state: stateOf(card, now),
    blocked: card.blocked_at !== null,
    balance: { value: balance.balance, assetCode: balance.assetCode },
  };
}
