/**
 * A change a card command refuses; thrown inside the command's transaction, so nothing it wrote
 * stays. Each caller says it in its own words (a CLI message, an API error code).
 */
export type CardCommandRefusalCode =
  | 'CARD_NOT_FOUND'
  /** The adjustment would take the balance below zero. */
  | 'BALANCE_TOO_LOW'
  /** The adjustment's reference was booked before, on another card or for another amount. */
  | 'REFERENCE_REUSED';

export class CardCommandRefusal extends Error {
  constructor(
    readonly code: CardCommandRefusalCode,
    /** For BALANCE_TOO_LOW: the balance (minor units); for REFERENCE_REUSED: the earlier booking's amount. */
    readonly amount?: number,
  ) {
    super(code);
    this.name = 'CardCommandRefusal';
  }
}
