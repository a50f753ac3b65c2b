import type { Executor } from './executor.js';

/**
 * The rows migration 018 could not fill (cards/fill-search-indexes.ts): each finder pages by key
 * through the partial index of rows still missing the value, and each setter writes only if the
 * row is still as it was read, so a change made meanwhile (a holder's new data, a new address)
 * is never overwritten by an index of the old value.
 */

export async function findCardsWithoutLast4(db: Executor, after: string, limit: number): Promise<{ id: string; number_ciphertext: string }[]> {
  return db.selectFrom('cards').select(['id', 'number_ciphertext']).where('number_last4', 'is', null).where('id', '>', after).orderBy('id').limit(limit).execute();
}

export async function setCardLast4(db: Executor, cardId: string, last4: string): Promise<void> {
  await db.updateTable('cards').set({ number_last4: last4 }).where('id', '=', cardId).where('number_last4', 'is', null).execute();
}

export async function findHoldersWithoutPhoneIndex(db: Executor, after: string, limit: number): Promise<{ card_id: string; holder_ciphertext: string }[]> {
  return db
    .selectFrom('visa_holders')
    .select(['card_id', 'holder_ciphertext'])
    .where('phone_index', 'is', null)
    .where('card_id', '>', after)
    .orderBy('card_id')
    .limit(limit)
    .execute();
}

export async function setHolderIndexes(db: Executor, cardId: string, read: string, indexes: { phone_index: string | null; email_index: string | null }): Promise<void> {
  await db.updateTable('visa_holders').set(indexes).where('card_id', '=', cardId).where('holder_ciphertext', '=', read).where('phone_index', 'is', null).execute();
}

export async function findReplacementsWithoutEmailIndex(db: Executor, after: string, limit: number): Promise<{ old_card_id: string; email_ciphertext: string }[]> {
  return db
    .selectFrom('card_replacements')
    .select(['old_card_id', 'email_ciphertext'])
    .where('email_index', 'is', null)
    .where('old_card_id', '>', after)
    .orderBy('old_card_id')
    .limit(limit)
    .execute();
}

export async function setReplacementEmailIndex(db: Executor, oldCardId: string, read: string, emailIndex: string): Promise<void> {
  await db
    .updateTable('card_replacements')
    .set({ email_index: emailIndex })
    .where('old_card_id', '=', oldCardId)
    .where('email_ciphertext', '=', read)
    .where('email_index', 'is', null)
    .execute();
}
