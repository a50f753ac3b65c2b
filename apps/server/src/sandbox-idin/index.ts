import type { FastifyReply } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { idinIssuer } from '../adapters/identity/issuers.js';
import type { IdentityConfig } from '../config/index.js';
import type { App } from '../http/route-types.js';
import { errorPage, interactionPage, SANDBOX_DEFAULT_PERSON } from './page.js';
import { interactionOf, mountSandbox, sandboxHtml as html } from '../sandbox-oidc/mount-provider.js';
import { createSandboxProvider, type SandboxPerson } from './provider.js';

const uidParams = z.object({ uid: z.string().min(1).max(64) });

/** The tester's answer on the page: a name and a date of birth a bank could hold. */
function personOf(body: Record<string, unknown>, today: string): { person?: SandboxPerson; errors: { name?: string; birthdate?: string } } {
  const name = typeof body.name === 'string' ? body.name.replace(/\s+/g, ' ').trim() : '';
  const birthdate = typeof body.birthdate === 'string' ? body.birthdate.trim() : '';
  const errors: { name?: string; birthdate?: string } = {};
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (name.length === 0 || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) errors.name = 'Enter a name of 1 to 100 characters.';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(birthdate) ? new Date(`${birthdate}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || !date.toISOString().startsWith(birthdate) || birthdate < '1900-01-01' || birthdate > today) {
    errors.birthdate = 'Enter a date of birth between 1900-01-01 and today.';
  }
  return errors.name || errors.birthdate ? { errors } : { person: { name, birthdate }, errors };
}

/**
 * Mounts the sandbox iDIN provider (provider.ts) at its issuer's path: PUBLIC_URL/sandbox/idin in
 * the portal when IDENTITY_ADAPTER is sandbox (the embedded default; refused in production by
 * config/identity.ts), or the issuer's own path when it runs standalone as a broker's stand-in
 * (standalone.ts).
 *
 * - `/sandbox/idin/*`: oidc-provider's own endpoints (discovery, authorization, token, keys,
 *   userinfo) through its Node callback: the reply is hijacked and the request handed over with
 *   the mount path stripped (`originalUrl` keeps it, so the provider builds its URLs with it). Its
 *   scope parses no bodies: the provider reads them itself.
 * - `/sandbox/idin/interaction/:uid`: the sandbox bank's page (GET) and its answer (POST): Approve
 *   finishes the login and consent with the person on the form, Cancel with access_denied, Fail
 *   with temporarily_unavailable; the provider then redirects to the portal's return endpoint.
 *
 * The provider is built on first use (an RSA key is generated then), so apps that never use the
 * sandbox (most tests) do not pay for it.
 */
export interface SandboxIdinOptions {
  /** The portal's identity settings: the sandbox registers the portal as its one client with them. */
  identity: IdentityConfig;
  /** Behind a TLS proxy: the provider builds its https URLs from X-Forwarded-Proto. */
  trustProxy: boolean;
  now: () => Date;
}

export async function sandboxIdinRoutes(app: App, { identity, trustProxy, now }: SandboxIdinOptions): Promise<void> {
  await mountSandbox(app, 'sandbox iDIN provider', identity, () => createSandboxProvider(identity, { trustProxy }), (scope, { sandbox, mountPath, interactionPath, csp }) => {
    const actionOf = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}`;
    const expired = (reply: FastifyReply) => html(reply, csp, 400, errorPage('This identification has expired or was finished', 'interaction_not_found'));

    scope.get(interactionPath, { schema: { hide: true, params: uidParams } }, async (request, reply) => {
      const running = await sandbox();
      const details = await interactionOf(running.provider, request.raw, reply.raw, request.params.uid);
      if (!details) return expired(reply);
      const issuer = idinIssuer(details.params[identity.issuerParam] as string | undefined);
      return html(reply, csp, 200, interactionPage({ action: actionOf(details.uid), bankName: issuer?.name, ...SANDBOX_DEFAULT_PERSON }));
    });

    scope.post(interactionPath, { schema: { hide: true, params: uidParams } }, async (request, reply) => {
      const running = await sandbox();
      const details = await interactionOf(running.provider, request.raw, reply.raw, request.params.uid);
      if (!details) return expired(reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      let result: InteractionResults;
      switch (body.action) {
        case 'approve': {
          const { person, errors } = personOf(body, now().toISOString().slice(0, 10));
          if (!person) {
            const issuer = idinIssuer(details.params[identity.issuerParam] as string | undefined);
            const name = typeof body.name === 'string' ? body.name.slice(0, 200) : '';
            const birthdate = typeof body.birthdate === 'string' ? body.birthdate.slice(0, 20) : '';
            return html(reply, csp, 400, interactionPage({ action: actionOf(details.uid), bankName: issuer?.name, name, birthdate, errors }));
          }
          const accountId = running.remember(person);
          const grant = new running.provider.Grant({ accountId, clientId: String(details.params.client_id) });
          grant.addOIDCScope(String(details.params.scope ?? 'openid'));
          grant.addOIDCClaims(['name', 'birthdate']);
          result = { login: { accountId, remember: false }, consent: { grantId: await grant.save() } };
          break;
        }
        case 'cancel':
          result = { error: 'access_denied', error_description: 'The cardholder cancelled the identification at the bank.' };
          break;
        case 'fail':
          result = { error: 'temporarily_unavailable', error_description: 'The bank could not identify the cardholder (sandbox).' };
          break;
        default:
          return html(reply, csp, 400, errorPage('The sandbox bank did not understand this answer', 'invalid_request'));
      }
      reply.hijack();
      await running.provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    });
  });
}
