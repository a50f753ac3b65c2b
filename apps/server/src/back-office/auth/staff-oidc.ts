import * as client from 'openid-client';
import { cachedDiscovery } from '../../adapters/identity/discovery.js';
import { exchangeFailureReason } from '../../adapters/identity/oidc.js';
import type { StaffConfig } from '../../config/index.js';

/** What a sign-in keeps server-side between the redirect to the provider and the callback. */
export interface StaffLoginSecrets {
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

/** The ID token's claims the back office reads. */
export interface StaffClaims {
  email: unknown;
  emailVerified: unknown;
  amr: unknown;
}

export class StaffExchangeError extends Error {
  override name = 'StaffExchangeError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface StaffOidc {
  authorizationUrl(input: { state: string; nonce: string; codeVerifier: string }): Promise<string>;
  /** The code exchange: state, iss, PKCE and the ID token (signature, iss, aud, exp, nonce) checked. */
  exchange(callbackParams: URLSearchParams, expected: { state: string; nonce: string; codeVerifier: string }): Promise<StaffClaims>;
}

/** The scopes asked for: the e-mail address names the grants, the name is for people reading the audit. */
export const STAFF_SCOPES = 'openid email profile';

/** The back office's OpenID Connect client (openid-client): authorization code with PKCE, state and nonce. */
export function createStaffOidc(config: StaffConfig): StaffOidc {
  const configuration = cachedDiscovery(config, client.ClientSecretBasic(config.clientSecret));
  return {
    async authorizationUrl({ state, nonce, codeVerifier }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope: STAFF_SCOPES,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }).href;
    },
    async exchange(callbackParams, expected) {
      try {
        const oidc = await configuration();
        // The redirect URI as registered, whatever host or proxy the callback came through.
        const currentUrl = new URL(config.redirectUri);
        currentUrl.search = callbackParams.toString();
        const tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new StaffExchangeError('id_token_missing');
        return { email: claims.email, emailVerified: claims.email_verified, amr: claims.amr };
      } catch (error) {
        throw error instanceof StaffExchangeError ? error : new StaffExchangeError(exchangeFailureReason(error));
      }
    },
  };
}
