import { maskCardNumber } from '@tessera/contracts';
import type { AdminCardSummary } from '@tessera/contracts/admin';
import { stateOf } from '../../brand-api/api-card.js';
import type { StaffCardListing } from '../../db/repositories/staff-cards.js';

/**
 * A card as the back office lists it: the brand API's id and state, the number masked as the
 * portal masks it, the balance in the card's own asset (the ledger's sum).
 */
export function cardSummary(card: Omit<StaffCardListing, 'balance'>, balance: number, now: Date): AdminCardSummary {
  return {
    id: card.id,
    brand: card.brand_code,
    kind: card.kind,
    masked: maskCardNumber(card.number_last3),
    state: stateOf(card, now),
    blocked: card.blocked_at !== null,
    balance: { value: balance, assetCode: card.asset_code },
  };
}
