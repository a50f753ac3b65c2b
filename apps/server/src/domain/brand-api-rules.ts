import { BRAND_API_SCOPES, type BrandApiScope } from '@tessera/contracts/admin';

/** Rules of the brand API (docs/brand-api.md) that need no I/O. The scopes a brand API key may carry (docs/brand-api.md): which calls it may make; the back office offers the same list. */
export const API_SCOPES = BRAND_API_SCOPES;
export type ApiScope = BrandApiScope;

export const isApiScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);

/** "cards:read, loads:write" → the scopes, deduplicated in API_SCOPES order; undefined when one is unknown or none is given. */
export function parseScopes(text: string): ApiScope[] | undefined {
  const named = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (named.length === 0 || !named.every(isApiScope)) return undefined;
  return API_SCOPES.filter((s) => named.includes(s));
}

/** The API key format: "tsk_" and 32 random bytes in base64url (43 characters). */
export const API_KEY_PREFIX = 'tsk_';
export const API_KEY_PATTERN = /^tsk_[A-Za-z0-9_-]{43,}$/;
/** How much of a key the operator's list shows: "tsk_" and 8 characters. */
export const API_KEY_SHOWN_CHARACTERS = 12;
/** Last use is written at most this often per key: a busy key costs no write per request. */
export const API_KEY_LAST_USE_INTERVAL_MS = 60_000;
/** Idempotency keys are kept at least this long; the housekeeping sweep and `maintenance prune` delete them after. */
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60_000;
