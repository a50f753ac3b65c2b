import type { Transaction } from 'kysely';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { findCardById } from '../db/repositories/cards.js';
import type { CardRow, Database } from '../db/schema.js';
import { CardCommandRefusal } from './card-command-refusal.js';

/**
 * A card row read FOR UPDATE (PostgreSQL; SQLite runs one write transaction at a time) in the
 * transaction a command writes in, and the time the change happens at. A command gets it from its
 * caller rather than finding the card itself, because callers find cards differently and some
 * must stay in their own transaction: the cardholder's block runs inside the transaction that
 * verified the card's secret under the guessing limits.
 */
export interface LockedCard {
  trx: Transaction<Database>;
  card: CardRow;
  now: Date;
}

/** What a command writes with besides its transaction: webhook events are sealed, guessing counters found by the number's blind index. */
export interface CommandDeps {
  crypto: Crypto;
}

/**
 * Opens the transaction and locks the card by its id, for a caller that knows the card only by it
 * (the back office, a rule of the server). An id no card has is refused with CARD_NOT_FOUND and
 * nothing is written; a refusal or failure inside rolls back everything the command wrote.
 */
export function withLockedCard<T>(deps: { db: Db; now: () => Date }, cardId: string, change: (locked: LockedCard) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const card = await findCardById(trx, cardId, { forUpdate: true });
    if (!card) throw new CardCommandRefusal('CARD_NOT_FOUND');
    return change({ trx, card, now: deps.now() });
  });
}
