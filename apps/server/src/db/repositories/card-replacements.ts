import type { CardReplacementRow } from '../schema.js';
import type { Executor } from './executor.js';

/** The replacement of a card, if it was replaced (REPLACE). */
export async function findCardReplacement(db: Executor, oldCardId: string): Promise<CardReplacementRow | undefined> {
  return db.selectFrom('card_replacements').selectAll().where('old_card_id', '=', oldCardId).executeTakeFirst();
}

/** Records a replacement; the old card's id is the primary key, so a card is replaced once. */
export async function insertCardReplacement(db: Executor, row: CardReplacementRow): Promise<void> {
  await db.insertInto('card_replacements').values(row).execute();
}

/** The replacement that issued this card, if it is a replacement card (unique: a card is issued once). */
export async function findCardReplacementByNewCard(db: Executor, newCardId: string): Promise<CardReplacementRow | undefined> {
  return db.selectFrom('card_replacements').selectAll().where('new_card_id', '=', newCardId).executeTakeFirst();
}

/** Changes where a replacement's e-mail goes (tessera cards resend-replacement --email), with the address's search index. */
export async function updateCardReplacementEmail(db: Executor, oldCardId: string, email: { email_ciphertext: string; email_index: string | null }): Promise<void> {
  await db.updateTable('card_replacements').set(email).where('old_card_id', '=', oldCardId).execute();
}

/** The last three digits of the card that replaced this one, and of the card this one replaced (null when none). */
export async function replacementNeighboursOf(db: Executor, cardId: string): Promise<{ replacedByLast3: string | null; replacesLast3: string | null }> {
  const [replacedBy, replaces] = await Promise.all([
    db.selectFrom('card_replacements as r').innerJoin('cards as c', 'c.id', 'r.new_card_id').select('c.number_last3').where('r.old_card_id', '=', cardId).executeTakeFirst(),
    db.selectFrom('card_replacements as r').innerJoin('cards as c', 'c.id', 'r.old_card_id').select('c.number_last3').where('r.new_card_id', '=', cardId).executeTakeFirst(),
  ]);
  return { replacedByLast3: replacedBy?.number_last3 ?? null, replacesLast3: replaces?.number_last3 ?? null };
}
