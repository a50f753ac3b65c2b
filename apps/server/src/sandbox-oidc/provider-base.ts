import type { Configuration } from 'oidc-provider';
import { createMemoryAdapter } from './memory-adapter.js';
import { SANDBOX_PAGE_CSP } from './page.js';
import { promptEveryTime } from './prompt-every-time.js';
import { sandboxCookies, sandboxSigningKey } from './signing-key.js';

/** The sandbox's one client. */
export interface SandboxClient {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  clientAuth: 'client_secret_basic' | 'client_secret_post';
}

/**
 * What every sandbox provider is configured with: the client statically registered (authorization
 * code only, PKCE S256 required, its exact redirect URI), a signing key and cookies of this process
 * under the issuer's own path, storage in memory, no development pages, the sandbox's page at
 * `mountPath/interaction/:uid` at every authorization, claims in the ID token (what the clients
 * read), and errors as a sandbox page. Each provider adds its scopes, claims and accounts.
 */
export async function sandboxProviderBase(
  client: SandboxClient,
  options: { ttlSeconds: Record<string, number>; errorPage: (heading: string, code: string) => string; errorHeading: string },
): Promise<Configuration> {
  const { interactionPolicy } = await import('oidc-provider');
  const mountPath = new URL(client.issuerUrl).pathname;
  return {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: client.clientAuth,
      },
    ],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    jwks: { keys: [await sandboxSigningKey()] },
    // The client's own origin sets no cookies of the sandbox's: they stay under its path.
    cookies: sandboxCookies(mountPath),
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    interactions: { policy: promptEveryTime(interactionPolicy), url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    ttl: { ...options.ttlSeconds },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.set('content-security-policy', SANDBOX_PAGE_CSP);
      ctx.body = options.errorPage(options.errorHeading, typeof out.error === 'string' ? out.error : 'error');
    },
  };
}
