import type { Insertable } from 'kysely';
import type { ApiKeyRow, ApiKeysTable } from '../schema.js';
import { preparedQuery } from '../prepared.js';
import type { Executor } from './executor.js';

export async function insertApiKey(db: Executor, row: Insertable<ApiKeysTable>): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

const byHash = preparedQuery((db, p: { keyHash: string; previousHash: string }) =>
  db
    .selectFrom('api_keys')
    .select(['id', 'brand_id', 'name', 'scopes', 'last_used_at', 'revoked_at', 'key_hash'])
    .where('key_hash', 'in', [p.keyHash, p.previousHash]),
);

/**
 * The key with this keyed hash under either configured index key version (BlindIndex.candidates),
 * revoked or not (every API call asks: a prepared statement).
 */
export async function findApiKeyByHash(
  db: Executor,
  [keyHash, previousHash]: readonly [string, string],
): Promise<Pick<ApiKeyRow, 'id' | 'brand_id' | 'name' | 'scopes' | 'last_used_at' | 'revoked_at' | 'key_hash'> | undefined> {
  return (await byHash(db, { keyHash, previousHash }))[0];
}

/**
 * An index key rotation cannot re-hash an API key (only its hash is stored): a key found under the
 * previous version moves to the current one on its first call (docs/decisions/023). Conditional,
 * so of several processes moving it at once one writes.
 */
export async function rehashApiKey(db: Executor, id: string, was: string, now: string): Promise<void> {
  await db.updateTable('api_keys').set({ key_hash: now }).where('id', '=', id).where('key_hash', '=', was).execute();
}

/**
 * Records a use unless one was recorded since `staleBefore`: several processes racing write it
 * at most once each, and the condition keeps an older time from overwriting a newer one.
 */
export async function touchApiKey(db: Executor, id: string, at: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

export interface ApiKeyListing extends Omit<ApiKeyRow, 'key_hash'> {
  brand_code: string;
}

/** Keys, oldest first; of one brand when its code is given. */
export async function listApiKeys(db: Executor, brandCode?: string): Promise<ApiKeyListing[]> {
  let query = db
    .selectFrom('api_keys as k')
    .innerJoin('brands as b', 'b.id', 'k.brand_id')
    .select(['k.id', 'k.brand_id', 'b.code as brand_code', 'k.name', 'k.prefix', 'k.scopes', 'k.created_at', 'k.last_used_at', 'k.revoked_at']);
  if (brandCode !== undefined) query = query.where('b.code', '=', brandCode);
  return query.orderBy('k.created_at').orderBy('k.id').execute();
}

export async function findApiKey(db: Executor, id: string): Promise<ApiKeyListing | undefined> {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('brands as b', 'b.id', 'k.brand_id')
    .select(['k.id', 'k.brand_id', 'b.code as brand_code', 'k.name', 'k.prefix', 'k.scopes', 'k.created_at', 'k.last_used_at', 'k.revoked_at'])
    .where('k.id', '=', id)
    .executeTakeFirst();
}

export async function revokeApiKey(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
