import type { IdentityConfig } from '../../config/index.js';
import { createOidcIdentity } from './oidc.js';
import type { IdentityPort } from './port.js';

/**
 * The identity adapter the configuration chooses, or undefined when bank identity is off (a
 * production without an iDIN broker). The sandbox is an OpenID Connect provider like any broker
 * (sandbox-idin/), so the client is the same: only the issuer differs.
 */
export function createIdentity(config: IdentityConfig): IdentityPort | undefined {
  return config.adapter === 'off' ? undefined : createOidcIdentity(config);
}

export type { IdentityPort, IdentityStart } from './port.js';
export { IdentityExchangeError } from './port.js';
