import { PURPOSE } from '../../src/crypto/index.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import { recordPayout } from '../../src/flows/payout/record-payout.js';
import { demoCard } from '../helpers/demo.js';
import type { CliTest } from './support.js';

/**
 * What the payout commands' tests do to the demo cards around the CLI: find a card as the server
 * finds it (by its number's blind index), record a payout of it as the PAYOUT flow does once the
 * bank has identified the holder, and add up its ledger.
 */
export function payoutTestCards(c: CliTest) {
  async function cardId(name: string): Promise<string> {
    const number = demoCard(name).number.replace(/\s/g, '');
    return (await findCardByNumberIndex(c.t.db, c.t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, number)))!.id;
  }

  async function pay(name: string, verifiedName: string, iban = 'NL69INGB0123456789') {
    const id = await cardId(name);
    const result = await c.t.db.transaction().execute((trx) => recordPayout(trx, c.t.deps, { cardId: id, verifiedName, iban }, new Date()));
    if (result.kind !== 'recorded') throw new Error(`no payout for ${name}: ${result.kind}`);
    return result.payout;
  }

  /** The card's balance: the sum of its ledger entries, in minor units. */
  async function sumOf(id: string): Promise<number> {
    return (await c.t.db.selectFrom('ledger_entries').select('amount').where('card_id', '=', id).execute()).reduce((s, e) => s + Number(e.amount), 0);
  }

  return { cardId, pay, sumOf };
}
