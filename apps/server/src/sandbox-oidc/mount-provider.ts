import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import type { App } from '../http/route-types.js';
import { sandboxFormPageCsp } from './page.js';

/** A sandbox provider once built, with oidc-provider's Node callback. */
export type Running<T extends { provider: Provider }> = T & { callback: (req: IncomingMessage, res: ServerResponse) => Promise<void> };

/**
 * Builds a sandbox provider on first use (an RSA key is generated then, so apps that never use
 * the sandbox do not pay for it) and keeps it; a failed build is tried again on the next call.
 * Its errors go to our log without request data (Koa logs them to the console unless someone listens).
 */
function lazySandbox<T extends { provider: Provider }>(create: () => Promise<T>, log: FastifyBaseLogger, label: string): () => Promise<Running<T>> {
  let running: Promise<Running<T>> | undefined;
  return () =>
    (running ??= create().then(
      (created) => {
        (created.provider as unknown as EventEmitter).on('error', (error: Error) => log.error({ err: { name: error.name, message: error.message } }, `${label} error`));
        created.provider.on('server_error', (_ctx: unknown, error: Error) => log.error({ err: { name: error.name, message: error.message } }, `${label} server error`));
        return { ...created, callback: created.provider.callback() as Running<T>['callback'] };
      },
      (error: unknown) => {
        running = undefined;
        throw error;
      },
    ));
}

/**
 * oidc-provider's own endpoints (discovery, authorization, token, keys, userinfo) under
 * `mountPath/*`, through its Node callback: the reply is hijacked and the request handed over with
 * the mount path stripped (`originalUrl` keeps it, so the provider builds its URLs with it). The
 * scope parses no bodies: the provider reads them itself.
 */
async function mountProviderEndpoints(app: App, mountPath: string, sandbox: () => Promise<{ callback: Running<{ provider: Provider }>['callback'] }>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${mountPath}/*`, { schema: { hide: true } }, async (request, reply) => {
      const { callback } = await sandbox();
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.url = url.slice(mountPath.length) || '/';
      await new Promise<void>((resolve) => {
        reply.raw.once('close', resolve);
        callback(raw, reply.raw).then(resolve, resolve);
      });
    });
  });
}

/** The interaction of this uid, or undefined when it expired, was finished or is another one. */
export async function interactionOf(provider: Provider, raw: IncomingMessage, res: ServerResponse, uid: string) {
  try {
    const details = await provider.interactionDetails(raw, res);
    return details.uid === uid ? details : undefined;
  } catch {
    return undefined;
  }
}

/** A sandbox page: never cached, with its own policy. */
export const sandboxHtml = (reply: FastifyReply, csp: string, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', csp).send(body);

/** The sandbox pages' form answers: application/x-www-form-urlencoded, small. */
function parseSandboxForms(scope: App): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** What a sandbox's interaction routes are given by mountSandbox. */
export interface MountedSandbox<T extends { provider: Provider }> {
  sandbox: () => Promise<Running<T>>;
  mountPath: string;
  /** `mountPath/interaction/:uid`: the page the provider sends the browser to. */
  interactionPath: string;
  /** The policy of the sandbox's form pages, whose forms end at the client's redirect URI. */
  csp: string;
}

/**
 * A sandbox provider (`label` in the log) at its client's issuer path: built on first use
 * (lazySandbox), its own endpoints mounted there, and its interaction routes in a scope of their
 * own that parses the pages' forms.
 */
export async function mountSandbox<T extends { provider: Provider }>(
  app: App,
  label: string,
  client: { issuerUrl: string; redirectUri: string },
  create: () => Promise<T>,
  interactionRoutes: (scope: App, mounted: MountedSandbox<T>) => void,
): Promise<void> {
  const mountPath = new URL(client.issuerUrl).pathname;
  const running = lazySandbox(create, app.log, label);
  await mountProviderEndpoints(app, mountPath, running);

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    parseSandboxForms(scope);
    interactionRoutes(scope, { sandbox: running, mountPath, interactionPath: `${mountPath}/interaction/:uid`, csp: sandboxFormPageCsp(client.redirectUri) });
  });
}
