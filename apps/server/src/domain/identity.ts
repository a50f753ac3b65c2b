/**
 * Bank identity (docs/decisions/014): what an identity session keeps, as plain values. The
 * repository stores both encrypted; the OpenID Connect client and the customer calls share them.
 */

/** Kept from the session call until the return: the OpenID Connect nonce and PKCE code verifier. */
export interface IdentityRequestSecrets {
  nonce: string;
  codeVerifier: string;
}

/** What the identity provider verified (ID token claims), kept for the payout file and for audit. */
export interface VerifiedIdentity {
  /** The legal name as the bank knows it: the creditor name of a payout. */
  name: string;
  /** yyyy-mm-dd, or null when the provider did not release it. */
  birthDate: string | null;
  /** The provider's subject id: the same person always has the same one at that provider. */
  subject: string;
  /** The ID token's issuer (the provider's URL). */
  issuer: string;
}

/** Whether a session still may be returned to or spent at `now` (10 minutes from the session call). */
export function isIdentitySessionLive(session: { expires_at: string }, now: Date): boolean {
  return now.getTime() < Date.parse(session.expires_at);
}
