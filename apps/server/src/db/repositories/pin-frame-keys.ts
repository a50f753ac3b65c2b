import type { PinFrameKeysTable } from '../schema.js';
import type { Executor } from './executor.js';

export async function insertPinFrameKey(db: Executor, key: Omit<PinFrameKeysTable, 'used_at' | 'frame_session_hash'>): Promise<void> {
  await db.insertInto('pin_frame_keys').values({ ...key, used_at: null, frame_session_hash: null }).execute();
}

/**
 * Binds a key to the frame session of the page that loaded it: only the first load of a key that
 * is unspent and unexpired does (a conditional UPDATE, so of two concurrent loads one wins).
 * Answers whether this call bound it.
 */
export async function bindPinFrameSession(db: Executor, keyHashes: readonly string[], sessionHash: string, now: string): Promise<{ keyHash: string } | undefined> {
  const row = await db
    .updateTable('pin_frame_keys')
    .set({ frame_session_hash: sessionHash })
    .where('key_hash', 'in', keyHashes)
    .where('frame_session_hash', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('key_hash')
    .executeTakeFirst();
  return row ? { keyHash: row.key_hash } : undefined;
}

/** A key by its hash under any configured index key version (BlindIndex.candidates). */
export async function findPinFrameKey(db: Executor, keyHashes: readonly string[]): Promise<PinFrameKeysTable | undefined> {
  return db.selectFrom('pin_frame_keys').selectAll().where('key_hash', 'in', keyHashes).executeTakeFirst();
}

/** Spends a key; answers whether this call did (a key works once, even under concurrent reads). */
export async function spendPinFrameKey(db: Executor, keyHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('pin_frame_keys')
    .set({ used_at: now })
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keys expired before `before` are of no use to anyone: they go; answers how many. */
export async function deleteExpiredPinFrameKeys(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('pin_frame_keys').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
