import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import type { Executor } from '../db/repositories/executor.js';
import {
  findCardsWithoutLast4,
  findHoldersWithoutPhoneIndex,
  findReplacementsWithoutEmailIndex,
  setCardLast4,
  setHolderIndexes,
  setReplacementEmailIndex,
} from '../db/repositories/search-index-fill.js';
import { lastFourOf } from '../domain/search-values.js';
import type { VisaHolderData } from './issue-card.js';
import { emailIndexOf, phoneIndexOf } from './search-indexes.js';

const BATCH = 500;

export interface FillResult {
  cards: number;
  holders: number;
  replacements: number;
  /** Ciphertexts no configured data key opens: left as they are, reported. */
  unreadable: number;
}

/**
 * Pages through the rows `find` answers, by their key (`keyOf`), one transaction per page in which
 * `fill` writes what each row lacks (false: it could not); answers how many it filled.
 */
async function fillByPages<R>(
  db: Db,
  find: (db: Db, after: string, limit: number) => Promise<R[]>,
  keyOf: (row: R) => string,
  fill: (trx: Executor, row: R) => Promise<boolean>,
): Promise<number> {
  let filled = 0;
  for (let after = ''; ; ) {
    const page = await find(db, after, BATCH);
    await db.transaction().execute(async (trx) => {
      for (const row of page) if (await fill(trx, row)) filled += 1;
    });
    if (page.length < BATCH) return filled;
    after = keyOf(page[page.length - 1]!);
  }
}

/**
 * Gives rows written before migration 018 (or by a replica of the previous release during a
 * rolling upgrade) what 018 added: a card's last four digits, a holder's phone and e-mail
 * indexes, a replacement's e-mail index. A migration cannot: it has no keys. main.ts runs it at
 * every start, after the migrations, as it re-seals PINs: once done it finds nothing but the
 * holders that have no phone number (erased on request), which it reads and passes over. Paged
 * by key, one short transaction per page; every write is conditional on the row as read, so
 * replicas starting at once or a change meanwhile lose nothing.
 */
export async function fillSearchIndexes(db: Db, crypto: Pick<Crypto, 'cipher' | 'blindIndex'>): Promise<FillResult> {
  const result: FillResult = { cards: 0, holders: 0, replacements: 0, unreadable: 0 };
  const open = (sealed: string, purpose: string): string | undefined => {
    try {
      return crypto.cipher.decrypt(sealed, purpose);
    } catch {
      result.unreadable += 1;
      return undefined;
    }
  };

  result.cards = await fillByPages(db, findCardsWithoutLast4, (card) => card.id, async (trx, card) => {
    const number = open(card.number_ciphertext, PURPOSE.cardNumber);
    if (number === undefined) return false;
    await setCardLast4(trx, card.id, lastFourOf(number));
    return true;
  });

  result.holders = await fillByPages(db, findHoldersWithoutPhoneIndex, (row) => row.card_id, async (trx, row) => {
    const plain = open(row.holder_ciphertext, PURPOSE.visaHolder);
    if (plain === undefined) return false;
    const holder = JSON.parse(plain) as VisaHolderData;
    const phoneIndex = phoneIndexOf(crypto, holder.phoneNumber);
    if (phoneIndex === null) return false;
    await setHolderIndexes(trx, row.card_id, row.holder_ciphertext, { phone_index: phoneIndex, email_index: emailIndexOf(crypto, holder.email) });
    return true;
  });

  result.replacements = await fillByPages(db, findReplacementsWithoutEmailIndex, (row) => row.old_card_id, async (trx, row) => {
    const email = open(row.email_ciphertext, PURPOSE.replacementEmail);
    const index = email === undefined ? null : emailIndexOf(crypto, email);
    if (index === null) return false;
    await setReplacementEmailIndex(trx, row.old_card_id, row.email_ciphertext, index);
    return true;
  });
  return result;
}
