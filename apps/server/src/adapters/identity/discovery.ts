import * as client from 'openid-client';

/** Every request to the provider (discovery, token, keys, userinfo) gives up after this long. */
export const OIDC_TIMEOUT_SECONDS = 10;
/** The provider's metadata is discovered again after this long (keys are refetched on an unknown kid anyway). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export interface OidcClientSettings {
  issuerUrl: string;
  clientId: string;
  redirectUri: string;
  /** http issuers, outside production only (an embedded sandbox on http://localhost). */
  allowInsecureRequests: boolean;
}

/**
 * An OpenID Connect client's configuration (openid-client), discovered on first use and cached: an
 * embedded sandbox does not listen yet while the app is built. A failed discovery is not cached,
 * so the next call tries again.
 */
export function cachedDiscovery(settings: OidcClientSettings, auth: client.ClientAuth): () => Promise<client.Configuration> {
  let cached: { at: number; configuration: Promise<client.Configuration> } | undefined;
  return () => {
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    const discovered = client.discovery(new URL(settings.issuerUrl), settings.clientId, { redirect_uris: [settings.redirectUri] }, auth, {
      timeout: OIDC_TIMEOUT_SECONDS,
      // openid-client marks allowInsecureRequests deprecated only to make it stand out (decision 014).
      ...(settings.allowInsecureRequests && { execute: [client.allowInsecureRequests] }),
    });
    const entry = { at: Date.now(), configuration: discovered };
    cached = entry;
    discovered.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return discovered;
  };
}
