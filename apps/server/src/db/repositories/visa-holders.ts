import type { Executor } from './executor.js';

export interface SealedHolder {
  cardId: string;
  holderCiphertext: string;
  pinCiphertext: string | null;
  keyVersion: number;
}

export async function insertVisaHolder(db: Executor, holder: SealedHolder, now: string): Promise<void> {
  await db
    .insertInto('visa_holders')
    .values({
      card_id: holder.cardId,
      holder_ciphertext: holder.holderCiphertext,
      pin_ciphertext: holder.pinCiphertext,
      key_version: holder.keyVersion,
      updated_at: now,
    })
    .execute();
}

export async function findVisaHolder(db: Executor, cardId: string): Promise<SealedHolder | undefined> {
  const row = await db.selectFrom('visa_holders').selectAll().where('card_id', '=', cardId).executeTakeFirst();
  return (
    row && {
      cardId: row.card_id,
      holderCiphertext: row.holder_ciphertext,
      pinCiphertext: row.pin_ciphertext,
      keyVersion: row.key_version,
    }
  );
}

/** Replaces the sealed holder document (the PIN stays as it is). */
export async function updateVisaHolderData(db: Executor, cardId: string, holderCiphertext: string, keyVersion: number, now: string): Promise<void> {
  await db
    .updateTable('visa_holders')
    .set({ holder_ciphertext: holderCiphertext, key_version: keyVersion, updated_at: now })
    .where('card_id', '=', cardId)
    .execute();
}
