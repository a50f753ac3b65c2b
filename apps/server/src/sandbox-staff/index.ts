import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEMO_STAFF } from '../demo/staff.js';
import type { App } from '../http/route-types.js';
import { interactionOf, mountSandbox, sandboxHtml as html } from '../sandbox-oidc/mount-provider.js';
import { staffErrorPage, staffSignInPage } from './page.js';
import { createSandboxStaffProvider, type SandboxStaffClient } from './provider.js';

const uidParams = z.object({ uid: z.string().min(1).max(64) });
const STAFF_CHOICES = DEMO_STAFF.map((s) => ({ email: s.email, name: s.name, grants: `${s.role}, ${s.brand === null ? 'all brands' : `brand ${s.brand}`}` }));

export interface SandboxStaffOptions {
  client: SandboxStaffClient;
  /** Behind a TLS proxy: the provider builds its https URLs from X-Forwarded-Proto. */
  trustProxy: boolean;
}

/**
 * Mounts the sandbox staff provider (provider.ts) at its issuer's path: PUBLIC_URL/sandbox/staff
 * in demo mode (refused in production by config/staff.ts), or its own origin when it runs
 * standalone (standalone.ts). `/interaction/:uid` is its page: one button per demo staff member
 * with a second factor and one without; the provider then redirects to the back office's callback.
 */
export async function sandboxStaffRoutes(app: App, { client, trustProxy }: SandboxStaffOptions): Promise<void> {
  await mountSandbox(app, 'sandbox staff provider', client, () => createSandboxStaffProvider(client, { trustProxy }), (scope, { sandbox, mountPath, interactionPath, csp }) => {
    const expired = (reply: FastifyReply) => html(reply, csp, 400, staffErrorPage('This sign-in has expired or was finished', 'interaction_not_found'));

    scope.get(interactionPath, { schema: { hide: true, params: uidParams } }, async (request, reply) => {
      const { provider } = await sandbox();
      const details = await interactionOf(provider, request.raw, reply.raw, request.params.uid);
      if (!details) return expired(reply);
      return html(reply, csp, 200, staffSignInPage(`${mountPath}/interaction/${encodeURIComponent(details.uid)}`, STAFF_CHOICES));
    });

    scope.post(interactionPath, { schema: { hide: true, params: uidParams } }, async (request, reply) => {
      const { provider } = await sandbox();
      const details = await interactionOf(provider, request.raw, reply.raw, request.params.uid);
      if (!details) return expired(reply);
      const [email, factor] = String((request.body as Record<string, unknown> | undefined)?.person ?? '').split(' ');
      const person = DEMO_STAFF.find((s) => s.email === email);
      if (!person || (factor !== 'otp' && factor !== 'pwd')) return html(reply, csp, 400, staffErrorPage('The sandbox did not understand this answer', 'invalid_request'));
      const grant = new provider.Grant({ accountId: person.email, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      const amr = factor === 'otp' ? ['pwd', 'otp'] : ['pwd'];
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: person.email, remember: false, amr }, consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: false },
      );
    });
  });
}
