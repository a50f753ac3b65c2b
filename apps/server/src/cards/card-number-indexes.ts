import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { CardRow } from '../db/schema.js';

/**
 * The blind indexes of a card's own number under both index key versions (`[current,
 * previous]`), for what is keyed by the number rather than the card: its guessing counters
 * (number_guesses, docs/decisions/027), kept under the version current at the last wrong guess,
 * which need not be the card row's. For a card found by id; a call that has the typed number
 * takes its candidates directly.
 */
export function cardNumberIndexes(crypto: Crypto, card: Pick<CardRow, 'number_ciphertext'>): readonly [string, string] {
  return crypto.blindIndex.candidates(PURPOSE.cardNumber, crypto.cipher.decrypt(card.number_ciphertext, PURPOSE.cardNumber));
}
