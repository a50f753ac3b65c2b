import type { IdentityRequestSecrets, VerifiedIdentity } from '../../domain/identity.js';

/**
 * The bank identity provider as the services see it (docs/decisions/014): one OpenID Connect
 * authorization code flow per identity session. The adapter makes the random values, so the
 * service keeps them as the table wants them (state hashed, nonce and verifier encrypted).
 */
export interface IdentityStart {
  /** Where the browser goes: the provider's authorization endpoint with the chosen bank passed on. */
  authorizationUrl: string;
  /** The OpenID Connect state sent to the provider; it comes back on the return. */
  state: string;
  secrets: IdentityRequestSecrets;
}

export interface IdentityPort {
  /** Starts a flow for the iDIN issuer (bank) with this BIC. Throws when the provider cannot be reached. */
  start(issuerBic: string): Promise<IdentityStart>;
  /**
   * Exchanges the authorization code of a successful return (PKCE verifier, state and nonce
   * checked, ID token verified: signature, issuer, audience, expiry). `returnParams` is the return
   * request's query. Throws IdentityExchangeError when anything does not hold.
   */
  finish(returnParams: URLSearchParams, expected: { state: string; secrets: IdentityRequestSecrets }): Promise<VerifiedIdentity>;
}

/**
 * A failed exchange. `reason` is a short code safe for the database, the audit trail and the logs
 * (the provider's OAuth error code, or one of ours); it never carries a token, code or claim.
 */
export class IdentityExchangeError extends Error {
  constructor(readonly reason: string) {
    super(`identity exchange failed: ${reason}`);
    this.name = 'IdentityExchangeError';
  }
}
