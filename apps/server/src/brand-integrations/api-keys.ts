import { randomBytes, randomUUID } from 'node:crypto';
import { type Actor, auditActorFields } from '../card-commands/actor.js';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { type ApiKeyListing, findApiKey, insertApiKey, listApiKeys, revokeApiKey } from '../db/repositories/api-keys.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandByCode } from '../db/repositories/brands.js';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARACTERS, type ApiScope } from '../domain/brand-api-rules.js';
import { IntegrationRefusal } from './integration-refusal.js';

type Deps = { db: Db; crypto: Crypto; now: () => Date };

export interface CreatedApiKey {
  id: string;
  brandCode: string;
  name: string;
  scopes: ApiScope[];
  /** The key itself: shown this once, never stored (only its keyed hash is). */
  key: string;
  prefix: string;
  createdAt: string;
}

/**
 * A new key of a brand (`tessera api-keys create`, and the back office). The key is "tsk_" and
 * 32 random bytes (base64url); the database keeps its keyed hash (PURPOSE.apiKey under
 * INDEX_KEY), by which a call finds it, and its first characters for the list. Audited as
 * api_key.create with the actor; the key itself is in no log and no audit event.
 */
export async function createApiKey(deps: Deps, input: { brandCode: string; name: string; scopes: ApiScope[] }, actor: Actor): Promise<CreatedApiKey> {
  const at = deps.now().toISOString();
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = randomUUID();
  const prefix = key.slice(0, API_KEY_SHOWN_CHARACTERS);
  return deps.db.transaction().execute(async (trx) => {
    const brand = await findBrandByCode(trx, input.brandCode);
    if (!brand) throw new IntegrationRefusal('NO_SUCH_BRAND', `No brand with code ${input.brandCode} exists (tessera brands list).`);
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
      { type: 'api_key.create', ...auditActorFields(actor), outcome: 'created', brandId: brand.id, detail: `${id} "${input.name}" (${prefix}…): ${input.scopes.join(',')}` },
      at,
    );
    return { id, brandCode: brand.code, name: input.name, scopes: input.scopes, key, prefix, createdAt: at };
  });
}

/** Every key (revoked ones too), of one brand when its code is given; never the key itself. */
export function listBrandApiKeys(deps: { db: Db }, brandCode?: string): Promise<ApiKeyListing[]> {
  return listApiKeys(deps.db, brandCode);
}

/**
 * The key answers 401 from then on; revoking it again changes nothing. With `brandId` only a key
 * of that brand is found (the back office acts within one brand; another brand's key is as unknown).
 */
export async function revokeBrandApiKey(deps: Deps, key: { id: string; brandId?: string }, actor: Actor): Promise<{ key: ApiKeyListing; changed: boolean }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const found = await findApiKey(trx, key.id);
    if (!found || (key.brandId !== undefined && found.brand_id !== key.brandId)) {
      throw new IntegrationRefusal('NO_SUCH_KEY', `No API key with id ${key.id} exists (tessera api-keys list).`);
    }
    const changed = await revokeApiKey(trx, found.id, at);
    if (changed) {
      await recordAuditEvent(trx, { type: 'api_key.revoke', ...auditActorFields(actor), outcome: 'revoked', brandId: found.brand_id, detail: `${found.id} "${found.name}" (${found.prefix}…)` }, at);
    }
    return { key: changed ? { ...found, revoked_at: at } : found, changed };
  });
}
