import * as client from 'openid-client';
import type { IdentityConfig } from '../../config/index.js';
import type { VerifiedIdentity } from '../../domain/identity.js';
import { cachedDiscovery } from './discovery.js';
import { IdentityExchangeError, type IdentityPort, type IdentityStart } from './port.js';

/** The legal name is the creditor name of a payout; nothing longer is a name. */
const MAX_NAME_LENGTH = 200;

/** A short code for the audit trail, the logs and the row's `error` column: lower case letters and _ only. */
export function reasonCode(value: string): string {
  const code = value.toLowerCase().replace(/[^a-z_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  return code || 'exchange_failed';
}

/**
 * What went wrong in an exchange, without its message: oauth4webapi's messages can quote what the
 * provider sent, and the ID token's claims are personal data.
 */
export function exchangeFailureReason(error: unknown): string {
  if (error instanceof IdentityExchangeError) return error.reason;
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) return reasonCode(error.error);
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'provider_timeout';
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code)) return reasonCode(code);
    if (error instanceof TypeError && /fetch failed/i.test(error.message)) return 'provider_unreachable';
  }
  return 'exchange_failed';
}

function nameOf(claims: Record<string, unknown>): string | undefined {
  const given = typeof claims.given_name === 'string' ? claims.given_name : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name : '';
  const raw = typeof claims.name === 'string' ? claims.name : `${given} ${family}`;
  const name = raw.replace(/\s+/g, ' ').trim();
  return name.length > 0 && name.length <= MAX_NAME_LENGTH ? name : undefined;
}

function birthDateOf(claims: Record<string, unknown>): string | null {
  const value = claims.birthdate;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

/**
 * The OpenID Connect client (openid-client) to an iDIN broker or to the embedded sandbox.
 *
 * Discovery happens on first use and is cached: the embedded default discovers its own sandbox,
 * which does not listen yet while the app is built. A failed discovery is not cached, so the next
 * session call tries again. Every authorization request uses PKCE (S256), a fresh state and nonce,
 * and carries the chosen bank in `config.issuerParam`; the exchange checks state, the iss
 * parameter when the provider sends it, PKCE, and the ID token (signature, iss, aud, exp, nonce).
 */
export function createOidcIdentity(config: IdentityConfig): IdentityPort {
  const auth = config.clientAuth === 'client_secret_post' ? client.ClientSecretPost(config.clientSecret) : client.ClientSecretBasic(config.clientSecret);
  const configuration = cachedDiscovery(config, auth);

  return {
    async start(issuerBic: string): Promise<IdentityStart> {
      const oidc = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope: config.scopes.join(' '),
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        [config.issuerParam]: issuerBic,
      };
      if (config.acrValues) parameters.acr_values = config.acrValues;
      const authorizationUrl = client.buildAuthorizationUrl(oidc, parameters).href;
      return { authorizationUrl, state, secrets: { nonce, codeVerifier } };
    },

    async finish(returnParams, expected): Promise<VerifiedIdentity> {
      try {
        const oidc = await configuration();
        // The redirect URI as registered, whatever host or proxy the return came through.
        const currentUrl = new URL(config.redirectUri);
        currentUrl.search = returnParams.toString();
        const tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
          pkceCodeVerifier: expected.secrets.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.secrets.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new IdentityExchangeError('id_token_missing');
        let name = nameOf(claims);
        let birthDate = birthDateOf(claims);
        // Some brokers release the identity at the userinfo endpoint rather than in the ID token.
        if ((!name || !birthDate) && tokens.access_token && oidc.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(oidc, tokens.access_token, claims.sub);
          name ??= nameOf(info);
          birthDate ??= birthDateOf(info);
        }
        if (!name) throw new IdentityExchangeError('name_missing');
        return { name, birthDate, subject: claims.sub, issuer: claims.iss };
      } catch (error) {
        throw error instanceof IdentityExchangeError ? error : new IdentityExchangeError(exchangeFailureReason(error));
      }
    },
  };
}
