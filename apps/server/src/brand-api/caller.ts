import type { Actor } from '../card-commands/actor.js';
import type { ApiScope } from '../domain/brand-api-rules.js';

/** Who makes a brand API call: the key (its id and name, never the key), its brand and scopes. */
export interface ApiCaller {
  keyId: string;
  keyName: string;
  brandId: string;
  scopes: readonly ApiScope[];
}

/** The audit events' `client` of an API call: "api-key:ID". */
export const apiActor = (caller: Pick<ApiCaller, 'keyId'>) => `api-key:${caller.keyId}`;

/** The key as the actor of a card command (card-commands/actor.ts). */
export const apiCommandActor = (caller: Pick<ApiCaller, 'keyId' | 'keyName'>): Actor => ({ kind: 'api', keyId: caller.keyId, keyName: caller.keyName });
