import { type Crypto, PURPOSE } from '../../crypto/index.js';
import type { Db } from '../../db/database.js';
import { findPayoutsWithoutIbanIndex, setPayoutIbanIndex } from '../../db/repositories/payout-review.js';

const BATCH = 500;

/**
 * Gives payouts written before migration 020 (or by a replica of the previous release during a
 * rolling upgrade) the blind index of their IBAN, which the review rule "other cards paid to this
 * IBAN" finds them by. A migration cannot: it has no keys. Run at every start after the
 * migrations (app/prepare-database.ts), like the search indexes: once done, an index probe finds
 * nothing. A ciphertext no configured key opens is left and counted.
 */
export async function fillPayoutIbanIndexes(db: Db, crypto: Pick<Crypto, 'cipher' | 'blindIndex'>): Promise<{ filled: number; unreadable: number }> {
  const result = { filled: 0, unreadable: 0 };
  for (let after = ''; ; ) {
    const page = await findPayoutsWithoutIbanIndex(db, after, BATCH);
    await db.transaction().execute(async (trx) => {
      for (const row of page) {
        let iban: string;
        try {
          iban = crypto.cipher.decrypt(row.iban_ciphertext, PURPOSE.payoutIban);
        } catch {
          result.unreadable += 1;
          continue;
        }
        await setPayoutIbanIndex(trx, row.id, crypto.blindIndex.of(PURPOSE.payoutIban, iban));
        result.filled += 1;
      }
    });
    if (page.length < BATCH) break;
    after = page[page.length - 1]!.id;
  }
  return result;
}
