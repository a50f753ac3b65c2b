import type { Configuration, default as Provider } from 'oidc-provider';
import { DEMO_STAFF } from '../demo/staff.js';
import { sandboxProviderBase } from '../sandbox-oidc/provider-base.js';
import { staffErrorPage } from './page.js';

/** The back office as the sandbox's one client. */
export interface SandboxStaffClient {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const TTL_SECONDS = { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 } as const;

/**
 * The sandbox staff identity provider (docs/decisions/030): a real OpenID Connect provider
 * (oidc-provider) whose accounts are the demo staff. Authorization code with PKCE (S256) only,
 * client_secret_basic, the exact redirect URI of the back office. The ID token carries `email`,
 * `email_verified: true`, `name` and `amr`: `['pwd', 'otp']`, or `['pwd']` when the tester signs
 * in without a second factor. Keys, cookie keys, codes and sessions live in memory.
 */
export async function createSandboxStaffProvider(client: SandboxStaffClient, options: { trustProxy: boolean }): Promise<{ provider: Provider }> {
  // Loaded only when the sandbox is first used: production never loads it.
  const { default: ProviderClass } = await import('oidc-provider');
  const configuration: Configuration = {
    ...(await sandboxProviderBase(
      { ...client, clientAuth: 'client_secret_basic' },
      { ttlSeconds: TTL_SECONDS, errorPage: staffErrorPage, errorHeading: 'The sandbox staff provider could not handle this request' },
    )),
    scopes: ['openid', 'email', 'profile'],
    // amr with openid: every ID token says how the person signed in (a claim of its own would
    // appear only when the client asks for it by the claims parameter).
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      const person = DEMO_STAFF.find((s) => s.email === sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: person.email, email_verified: true, name: person.name }) };
    },
  };
  const provider = new ProviderClass(client.issuerUrl, configuration);
  // Behind a TLS-terminating proxy the provider must see https (X-Forwarded-Proto).
  provider.proxy = options.trustProxy;
  return { provider };
}
