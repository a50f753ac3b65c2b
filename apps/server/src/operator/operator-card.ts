import { cardNumberField, maskCardNumber } from '@tessera/contracts';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import { OperatorError } from './operator-error.js';

/**
 * A card number an operator typed on the command line: checked (a clear refusal otherwise), masked
 * for every message the command prints, and its blind index to find the card by.
 */
export function operatorCardNumber(crypto: Crypto, cardNumber: string): { masked: string; index: string } {
  const parsed = cardNumberField.safeParse(cardNumber);
  if (!parsed.success) {
    throw new OperatorError(`That is not a card number: ${parsed.error.issues[0]?.message ?? 'expected 16 to 19 digits'}.`);
  }
  return { masked: maskCardNumber(parsed.data), index: crypto.blindIndex.of(PURPOSE.cardNumber, parsed.data) };
}
