import { createHash } from 'node:crypto';
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { IdentityConfig } from '../config/index.js';
import { idinIssuer } from '../adapters/identity/issuers.js';
import { sandboxProviderBase } from '../sandbox-oidc/provider-base.js';
import { errorPage } from './page.js';

/**
 * The sandbox iDIN provider (docs/product/common.md#demo-mode; docs/decisions/014): a real
 * OpenID Connect provider (oidc-provider) with one statically registered client, the portal.
 *
 * - Authorization code flow only, PKCE (S256) required, client_secret_basic or _post as the
 *   portal is configured; exact redirect URI PUBLIC_URL/api/Authentication/return.
 * - `idin_issuer` (IDIN_ISSUER_PARAM) is an accepted authorization parameter: the bank the
 *   cardholder chose, shown on the sandbox's page; a value that is no iDIN BIC is refused.
 * - The ID token carries `name` and `birthdate` with scope openid (what an iDIN broker releases for
 *   an identity check), signed RS256 with a key generated at start.
 * - Everything (keys, cookie keys, codes, sessions, the people testers invent) lives in memory and
 *   is lost on restart; a return from before a restart fails its exchange, as a real provider's
 *   expired code would.
 * - Every authorization shows the page again: there is no single sign-on, as with iDIN, where each
 *   check is a fresh bank login, and a tester can pick another outcome each time.
 */

export const SANDBOX_TTL_SECONDS = {
  AuthorizationCode: 60,
  AccessToken: 600,
  IdToken: 600,
  Interaction: 600,
  Session: 600,
  Grant: 600,
} as const;

/** A person a tester made up on the sandbox's page. */
export interface SandboxPerson {
  name: string;
  /** yyyy-mm-dd */
  birthdate: string;
}

/** The same name and birth date always give the same subject, as a bank gives one person one id. */
export function sandboxSubject(person: SandboxPerson): string {
  const canonical = `${person.name.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()}\n${person.birthdate}`;
  return `sandbox-${createHash('sha256').update(canonical).digest('hex').slice(0, 32)}`;
}

export interface SandboxProvider {
  /** oidc-provider's Provider (the package itself is imported only when the sandbox is first used). */
  provider: Provider;
  /** Remembers a person until the token endpoint asks for their claims (bounded). */
  remember(person: SandboxPerson): string;
}

const MAX_PEOPLE = 1000;

export async function createSandboxProvider(identity: IdentityConfig, options: { trustProxy: boolean }): Promise<SandboxProvider> {
  // Loaded only when the sandbox is first used: production never loads it.
  const { default: ProviderClass, errors } = await import('oidc-provider');

  const people = new Map<string, SandboxPerson>();
  const remember = (person: SandboxPerson) => {
    const subject = sandboxSubject(person);
    people.delete(subject);
    people.set(subject, person);
    if (people.size > MAX_PEOPLE) people.delete(people.keys().next().value!);
    return subject;
  };

  const configuration: Configuration = {
    ...(await sandboxProviderBase(identity, { ttlSeconds: SANDBOX_TTL_SECONDS, errorPage, errorHeading: 'The sandbox bank could not handle this request' })),
    scopes: ['openid'],
    // The ID token carries the identity (not only the userinfo endpoint): what the portal reads.
    claims: { openid: ['sub', 'name', 'birthdate'] },
    extraParams: {
      async [identity.issuerParam](_ctx: KoaContextWithOIDC, value: string | undefined) {
        if (value !== undefined && !idinIssuer(value)) throw new errors.InvalidRequest(`${identity.issuerParam} is not an iDIN issuer's BIC`);
      },
    },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, name: person.name, birthdate: person.birthdate }) };
    },
  };

  const provider = new ProviderClass(identity.issuerUrl, configuration);
  // Behind a TLS-terminating proxy the provider must see https (X-Forwarded-Proto), as Fastify does with TRUST_PROXY.
  provider.proxy = options.trustProxy;
  return { provider, remember };
}
