import type { Executor } from './executor.js';

export interface SealedHolder {
  cardId: string;
  holderCiphertext: string;
  pinCiphertext: string | null;
  keyVersion: number;
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

/** Replaces the sealed holder document and its search indexes (the PIN stays as it is). */
export async function updateVisaHolderData(
  db: Executor,
  cardId: string,
  sealed: { holderCiphertext: string; keyVersion: number; phoneIndex: string | null; emailIndex: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('visa_holders')
    .set({ holder_ciphertext: sealed.holderCiphertext, key_version: sealed.keyVersion, phone_index: sealed.phoneIndex, email_index: sealed.emailIndex, updated_at: now })
    .where('card_id', '=', cardId)
    .execute();
}

/** A batch of PINs still sealed under DATA_KEYS ("v…"), after `afterCardId` in card order. */
export async function findPinsUnderDataKeys(db: Executor, afterCardId: string, limit: number): Promise<{ cardId: string; pinCiphertext: string }[]> {
  const rows = await db
    .selectFrom('visa_holders')
    .select(['card_id', 'pin_ciphertext'])
    .where('pin_ciphertext', 'like', 'v%')
    .where('card_id', '>', afterCardId)
    .orderBy('card_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ cardId: r.card_id, pinCiphertext: r.pin_ciphertext! }));
}

/**
 * Replaces a PIN's ciphertext by another sealing of the same PIN, unless it changed since it was
 * read: answers whether it did. updated_at stays: the holder's data did not change.
 */
export async function replacePinCiphertext(db: Executor, cardId: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('visa_holders')
    .set({ pin_ciphertext: to })
    .where('card_id', '=', cardId)
    .where('pin_ciphertext', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
