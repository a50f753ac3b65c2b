import type { GiftCard } from '@tessera/contracts';
import type { CardRow } from '../db/schema.js';
import { balancesOf } from '../domain/ledger.js';
import { cardTransactions, type CardLedger } from './card-ledger.js';

/**
 * A gift card as the lookups and RESET answer it: the number the cardholder typed, the expiry
 * date, the balance per asset (the card's own asset first, 0 when empty) and the latest entries.
 */
export function giftCardAnswer(cardNumber: string, card: CardRow, ledger: CardLedger): GiftCard {
  return {
    code: cardNumber,
    expiresAt: card.expires_at ? card.expires_at.slice(0, 10) : null,
    balances: balancesOf(ledger.sums, card.asset_code).map((b) => ({ quantity: { value: b.balance, assetCode: b.assetCode } })),
    transactions: cardTransactions(ledger.latest),
  };
}
