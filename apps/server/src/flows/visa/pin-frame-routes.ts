import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requestContext } from '../../http/request-context.js';
import { openFrameSession } from './frame-session.js';
import { PIN_FRAME_PATH, PIN_FRAME_PIN_PATH } from './get-pin.js';
import { pinReadRequestSchema, readPin } from './read-pin.js';
import { errorResponses, mediaAnswer } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';
import { PIN_FRAME_LANGUAGES, pinFrameCsp, pinFramePage } from './pin-frame-page.js';

/** Health checks answer on any host (a load balancer may probe by address). */
const ANY_HOST = new Set(['/healthz', '/readyz']);

/** A Host as a browser sends it: lower case, without the scheme's default port. */
export function normalizeHost(host: string, protocol: string): string {
  const h = host.trim().toLowerCase();
  if (protocol === 'http' && h.endsWith(':80')) return h.slice(0, -3);
  if (protocol === 'https' && h.endsWith(':443')) return h.slice(0, -4);
  return h;
}

/**
 * The PIN frame's origin (PIN_FRAME_URL; in the embedded default http://127.0.0.1:PORT while the
 * portal is http://localhost:PORT) is served by the same process, so requests are told apart by
 * their Host:
 * - on the PIN frame's host only the frame page, its PIN read and the health checks answer;
 *   everything else (the portal's pages and scripts, the API) is 404, so nothing of the portal
 *   ever runs in the frame's origin;
 * - on any other host the frame's paths are 404.
 * The hook is installed for the whole app (the plugin is not encapsulated), before any route.
 */
async function pinFramePlugin(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const frame = new URL(deps.config.pinFrameUrl);
  const frameHost = normalizeHost(frame.host, frame.protocol.replace(':', ''));
  const portalOrigin = new URL(deps.config.publicUrl).origin;
  // One page per language: <html lang> follows the portal's language (?lang=), which the frame
  // cannot read from the portal itself (another origin).
  const pages = new Map<string, string>(PIN_FRAME_LANGUAGES.map((lang) => [lang, pinFramePage(portalOrigin, lang)]));
  const csp = pinFrameCsp(portalOrigin);
  const protocol = frame.protocol.replace(':', '');

  app.addHook('onRequest', async (request) => {
    const onFrameHost = normalizeHost(request.host, protocol) === frameHost;
    const path = request.url.split('?')[0] ?? '';
    const framePath = path === PIN_FRAME_PATH || path === PIN_FRAME_PIN_PATH;
    if (onFrameHost ? !framePath && !ANY_HOST.has(path) : framePath) throw new AppError('NOT_FOUND');
  });

  app.get(
    PIN_FRAME_PATH,
    {
      // A load with a key writes (it binds the key): limited like the read.
      config: { rateLimit: captchaRateLimit },
      schema: {
        tags: ['visa'],
        operationId: 'getPinFramePage',
        description:
          'The HTML page the portal frames on the PIN frame origin (404 on any other host), with the one-time key in its query. ' +
          "The key's first load binds it to a new frame session, set as an HttpOnly cookie on this origin; the PIN read needs that cookie.",
        summary: 'The PIN frame page (PIN frame origin only); framed by the portal, shows the PIN after its view-pin message',
        querystring: z.looseObject({ key: z.string().max(128).optional(), lang: z.string().max(16).optional() }),
        response: { 200: mediaAnswer('The PIN frame page', 'text/html'), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      reply.raw.removeHeader('x-frame-options');
      reply.raw.removeHeader('content-security-policy');
      const key = request.query.key;
      const cookie = key ? await openFrameSession(deps, key) : undefined;
      if (cookie) reply.header('set-cookie', cookie);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', csp)
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .header('referrer-policy', 'no-referrer')
        .send(pages.get(request.query.lang ?? 'en') ?? pages.get('en')!);
    },
  );

  app.post(
    PIN_FRAME_PIN_PATH,
    {
      config: { rateLimit: captchaRateLimit },
      // Never compressed, whatever its size: a compressed answer that holds a secret can leak it
      // through its length (BREACH). The PIN answer is below the threshold today; this keeps it so.
      compress: false,
      // Only the frame's own script reads the PIN: a request another origin sends is refused
      // before its body is looked at.
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && origin !== frame.origin) throw new AppError('NOT_FOUND');
      },
      schema: {
        tags: ['visa'],
        operationId: 'readPin',
        summary: "The PIN frame's one read of the PIN with its key (PIN frame origin only)",
        description:
          "The key works once and for 60 s, with the controlId getPin answered and the frame-session cookie of the key's first page load; " +
          'any read that names the key spends it, refused or not. Every refusal is 404 NOT_FOUND.',
        body: pinReadRequestSchema,
        response: { 200: z.object({ pin: z.string() }), ...errorResponses(400, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const answer = await readPin(deps, requestContext(request), request.body, request.headers.cookie);
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
    },
  );
}

// Not encapsulated (what fastify-plugin does): the Host guard must see every request of the app.
export const pinFrameRoutes: FastifyPluginAsync<RouteOptions> = Object.assign(pinFramePlugin as unknown as FastifyPluginAsync<RouteOptions>, {
  [Symbol.for('skip-override')]: true,
});
