import type { ApiKeyListing } from '../db/repositories/api-keys.js';
import { createApiKey as create, type CreatedApiKey, listBrandApiKeys, revokeBrandApiKey as revoke } from '../brand-integrations/api-keys.js';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import type { ApiScope } from '../domain/brand-api-rules.js';
import { inOperatorWords } from './service-refusals.js';
import { operatorCommandActor } from './operator-name.js';

type Deps = { db: Db; crypto: Crypto; now: () => Date; operator?: string };

export type { CreatedApiKey };
export { listBrandApiKeys };

/** `tessera api-keys create`: the service of brand-integrations/ with the operator as the actor. */
export function createApiKey(deps: Deps, input: { brandCode: string; name: string; scopes: ApiScope[] }): Promise<CreatedApiKey> {
  return inOperatorWords(create(deps, input, operatorCommandActor(deps)));
}

/** `tessera api-keys revoke ID`: the key answers 401 from then on; revoking it again changes nothing. */
export function revokeBrandApiKey(deps: Deps, id: string): Promise<{ key: ApiKeyListing; changed: boolean }> {
  return inOperatorWords(revoke(deps, { id }, operatorCommandActor(deps)));
}
