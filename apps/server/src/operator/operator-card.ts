import { cardNumberField, maskCardNumber } from '@tessera/contracts';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { findCardByNumberIndex } from '../db/repositories/cards.js';
import type { LockedCard } from '../card-commands/locked-card.js';
import { OperatorError } from './operator-error.js';

/**
 * A card number an operator typed on the command line: checked (a clear refusal otherwise), masked
 * for every message the command prints, and its blind indexes to find the card by (both index key versions while a rotation is under way).
 */
export function operatorCardNumber(crypto: Crypto, cardNumber: string): { masked: string; indexes: readonly [string, string] } {
  const parsed = cardNumberField.safeParse(cardNumber);
  if (!parsed.success) {
    throw new OperatorError(`That is not a card number: ${parsed.error.issues[0]?.message ?? 'expected 16 to 19 digits'}.`);
  }
  return { masked: maskCardNumber(parsed.data), indexes: crypto.blindIndex.candidates(PURPOSE.cardNumber, parsed.data) };
}

/**
 * An operator command that changes one card: in one transaction with the card row locked
 * (PostgreSQL; SQLite has one writer), so a cardholder's call cannot interleave; a number no card
 * has is a clear refusal and changes nothing.
 */
export function changeOperatorCard<T>(
  deps: { db: Db; crypto: Crypto; now: () => Date },
  cardNumber: string,
  change: (locked: LockedCard, masked: string, indexes: readonly [string, string]) => Promise<T>,
): Promise<T> {
  const { masked, indexes } = operatorCardNumber(deps.crypto, cardNumber);
  return deps.db.transaction().execute(async (trx) => {
    const card = await findCardByNumberIndex(trx, indexes, { forUpdate: true });
    if (!card) throw new OperatorError(`No card with number ${masked} exists.`);
    return change({ trx, card, now: deps.now() }, masked, indexes);
  });
}
