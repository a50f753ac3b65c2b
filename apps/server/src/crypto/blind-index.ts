import { createHmac } from 'node:crypto';

/**
 * Keyed blind index: lets the database find a card by its number without storing the number.
 * A separate key from the data keys, so leaking one does not weaken the other.
 */
export class BlindIndex {
  constructor(private readonly key: Buffer) {}

  of(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\u0000${value}`).digest('base64url');
  }
}
