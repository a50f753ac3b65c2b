import type { ApiScope } from '../domain/brand-api-rules.js';

/** Who makes a brand API call: the key (its id, never the key), its brand and scopes. */
export interface ApiCaller {
  keyId: string;
  brandId: string;
  scopes: readonly ApiScope[];
}

/** The audit events' `client` of an API call: "api-key:ID". */
export const apiActor = (caller: Pick<ApiCaller, 'keyId'>) => `api-key:${caller.keyId}`;
