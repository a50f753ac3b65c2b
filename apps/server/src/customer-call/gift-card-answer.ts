import type { GiftCard } from '@tessera/contracts';
import type { CardRow } from '../db/schema.js';
import { balancesOf, type LedgerAmount } from '../domain/ledger.js';

/**
 * A gift card as the lookups and RESET answer it: the number the cardholder typed, the expiry
 * date, and the balance per asset (the card's own asset first, 0 when empty).
 */
export function giftCardAnswer(cardNumber: string, card: CardRow, entries: readonly LedgerAmount[]): GiftCard {
  return {
    code: cardNumber,
    expiresAt: card.expires_at ? card.expires_at.slice(0, 10) : null,
    balances: balancesOf(entries, card.asset_code).map((b) => ({ quantity: { value: b.balance, assetCode: b.assetCode } })),
  };
}
