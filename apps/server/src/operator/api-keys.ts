import { randomBytes, randomUUID } from 'node:crypto';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { type ApiKeyListing, findApiKey, insertApiKey, listApiKeys, revokeApiKey } from '../db/repositories/api-keys.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandByCode } from '../db/repositories/brands.js';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARACTERS, type ApiScope } from '../domain/brand-api-rules.js';
import { OperatorError } from './operator-error.js';
import { operatorAuditFields } from './operator-name.js';

type Deps = { db: Db; crypto: Crypto; now: () => Date; operator?: string };

export interface CreatedApiKey {
  id: string;
  brandCode: string;
  name: string;
  scopes: ApiScope[];
  /** The key itself: shown this once, never stored (only its keyed hash is). */
  key: string;
  prefix: string;
}

/**
 * `tessera api-keys create`: a new key of a brand. The key is "tsk_" and 32 random bytes
 * (base64url); the database keeps its keyed hash (PURPOSE.apiKey under INDEX_KEY), by which a call
 * finds it, and its first characters for the list. Audited as api_key.create.
 */
export async function createApiKey(deps: Deps, input: { brandCode: string; name: string; scopes: ApiScope[] }): Promise<CreatedApiKey> {
  const at = deps.now().toISOString();
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = randomUUID();
  const prefix = key.slice(0, API_KEY_SHOWN_CHARACTERS);
  return deps.db.transaction().execute(async (trx) => {
    const brand = await findBrandByCode(trx, input.brandCode);
    if (!brand) throw new OperatorError(`No brand with code ${input.brandCode} exists (tessera brands list).`);
    await insertApiKey(trx, {
      id,
      brand_id: brand.id,
      name: input.name,
      prefix,
      key_hash: deps.crypto.blindIndex.of(PURPOSE.apiKey, key),
      scopes: input.scopes.join(','),
      created_at: at,
      last_used_at: null,
      revoked_at: null,
    });
    await recordAuditEvent(
      trx,
      { type: 'api_key.create', ...operatorAuditFields(deps), outcome: 'created', brandId: brand.id, detail: `${id} "${input.name}" (${prefix}…): ${input.scopes.join(',')}` },
      at,
    );
    return { id, brandCode: brand.code, name: input.name, scopes: input.scopes, key, prefix };
  });
}

/** `tessera api-keys list [--brand CODE]`: every key (revoked ones too), never the key itself. */
export function listBrandApiKeys(deps: { db: Db }, brandCode?: string): Promise<ApiKeyListing[]> {
  return listApiKeys(deps.db, brandCode);
}

/** `tessera api-keys revoke ID`: the key answers 401 from then on; revoking it again changes nothing. */
export async function revokeBrandApiKey(deps: Deps, id: string): Promise<{ key: ApiKeyListing; changed: boolean }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const key = await findApiKey(trx, id);
    if (!key) throw new OperatorError(`No API key with id ${id} exists (tessera api-keys list).`);
    const changed = await revokeApiKey(trx, id, at);
    if (changed) {
      await recordAuditEvent(trx, { type: 'api_key.revoke', ...operatorAuditFields(deps), outcome: 'revoked', brandId: key.brand_id, detail: `${id} "${key.name}" (${key.prefix}…)` }, at);
    }
    return { key: changed ? { ...key, revoked_at: at } : key, changed };
  });
}
