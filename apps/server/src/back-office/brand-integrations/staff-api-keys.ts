import type { ApiKeyRequest, CreatedApiKey } from '@tessera/contracts/admin';
import { createApiKey, listBrandApiKeys, revokeBrandApiKey } from '../../brand-integrations/api-keys.js';
import type { ServiceDeps } from '../../deps.js';
import { type StaffContext, staffActorOf } from '../staff-context.js';
import { inStaffWords } from './integration-errors.js';
import { apiKeyView } from './integration-views.js';
import { brandIdOf } from './staff-brand.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now'>;

/** GET /admin/api/brands/{code}/api-keys: the brand's keys, revoked ones too, oldest first. */
export async function listKeysOfBrand(deps: Deps, code: string) {
  await brandIdOf(deps, code);
  return { items: (await listBrandApiKeys(deps, code.toUpperCase())).map(apiKeyView) };
}

/** POST /admin/api/brands/{code}/api-keys: the key is in this answer only. */
export async function createKeyOfBrand(deps: Deps, ctx: StaffContext, code: string, request: ApiKeyRequest): Promise<CreatedApiKey> {
  const { name, scopes } = request;
  const created = await inStaffWords(createApiKey(deps, { brandCode: code, name, scopes }, staffActorOf(ctx)));
  return { ...apiKeyView({ id: created.id, name: created.name, prefix: created.prefix, scopes: created.scopes.join(','), created_at: created.createdAt, last_used_at: null, revoked_at: null }), key: created.key };
}

/** POST /admin/api/brands/{code}/api-keys/{id}/revoke: a key of another brand is as unknown. */
export async function revokeKeyOfBrand(deps: Deps, ctx: StaffContext, code: string, id: string) {
  const brandId = await brandIdOf(deps, code);
  const { key, changed } = await inStaffWords(revokeBrandApiKey(deps, { id, brandId }, staffActorOf(ctx)));
  return { key: apiKeyView(key), changed };
}
