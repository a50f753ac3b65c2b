import {
  brandIdParam,
  FLOW_TYPE_HEADER,
  identityProvidersSchema,
  identitySessionRequestSchema,
  identitySessionResponseSchema,
  identityApi,
} from '@tessera/contracts';
import { z } from 'zod';
import { createIdentity } from '../adapters/identity/index.js';
import { IDENTITY_RETURN_PATH } from '../config.js';
import { requestContext } from '../http/request-context.js';
import { completeIdentityReturn } from './complete-identity-return.js';
import { IDENTITY_FLOW_TYPES, listIdentityProviders } from './list-identity-providers.js';
import { startIdentitySession } from './start-identity-session.js';
import { errorResponses } from '../http/error-responses.js';
import type { App, RouteOptions } from '../http/route-types.js';
import { identityReturnErrorPage } from './return-page.js';

const params = z.object({ themeCode: brandIdParam });
const identityHeader = z.looseObject({ [FLOW_TYPE_HEADER]: z.enum(IDENTITY_FLOW_TYPES) });
const ORDER = 'Order of checks: brand (404 THEME_NOT_FOUND), x-flow-type PAYOUT or IDENTIFY (400 VALIDATION_ERROR), flow offered by the brand and bank identity configured (403 FLOW_UNAVAILABLE)';
const themeCodeOf = (request: { params: unknown }) => (request.params as { themeCode?: unknown }).themeCode;

/**
 * Bank identity (iDIN over OpenID Connect; docs/product/payout.md#bank-identity;
 * docs/decisions/014): the providers call, the session call, and the return endpoint the provider
 * redirects to. The OpenID Connect client is made here from the configuration (undefined when
 * identity is off). The customer calls that spend a session live in flows/payout/, flows/identify/
 * and app/customer-route.ts.
 */
export async function identityRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const identity = createIdentity(deps.config.identity);

  app.get(
    identityApi.providers.pattern,
    {
      attachValidation: true,
      schema: {
        tags: ['identity'],
        operationId: 'listIdentityProviders',
        summary: 'The identity provider (IDIN) and its issuers: the seven iDIN banks, id = BIC',
        description: `${ORDER}.`,
        params,
        headers: identityHeader,
        response: { 200: identityProvidersSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const answer = await listIdentityProviders(deps, requestContext(request), themeCodeOf(request));
      return reply.header('cache-control', 'no-cache').send(answer);
    },
  );

  app.post(
    identityApi.session.pattern,
    {
      // It writes a row per call: limited per address like the captcha-protected calls.
      config: { rateLimit: captchaRateLimit },
      attachValidation: true,
      schema: {
        tags: ['identity'],
        operationId: 'startIdentitySession',
        summary: "Start a bank identity check: the provider's authorization URL, the chosen bank passed on",
        description: `${ORDER}, body (400 VALIDATION_ERROR; redirectUrl must be exactly PUBLIC_URL/callback, issuer an iDIN BIC from the providers call). The session lives 10 minutes.`,
        params,
        headers: identityHeader,
        body: identitySessionRequestSchema,
        response: { 200: identitySessionResponseSchema, ...errorResponses(400, 403, 404, 413, 429, 500) },
      },
    },
    async (request, reply) => {
      const answer = await startIdentitySession(deps, identity, requestContext(request), themeCodeOf(request), request.body);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    IDENTITY_RETURN_PATH,
    {
      config: { rateLimit: captchaRateLimit },
      // It completes a session: a HEAD (a link scanner, a prefetch) must not.
      exposeHeadRoute: false,
      attachValidation: true,
      schema: {
        tags: ['identity'],
        operationId: 'completeIdentityReturn',
        summary: "The identity provider's redirect URI: completes the session, then 303 to /callback?state=…&sessionId=…",
        description:
          'Takes the OpenID Connect authorization response (state with code, or error). A known, started, live session is completed ' +
          '(verified, cancelled or failed) and the browser sent (303) to the portal’s /callback with the web app’s state and a new ' +
          'sessionId. An unknown state, a session already returned, or an expired one: 400 with an HTML page, nothing changed.',
        querystring: z.looseObject({
          state: z.string().optional(),
          code: z.string().optional(),
          error: z.string().optional(),
          iss: z.string().optional(),
        }),
        response: {
          303: z.null().describe('No body: Location is the portal’s /callback?state=…&sessionId=…'),
          400: z.string().describe('An HTML page saying the identity check cannot be completed here (text/html)'),
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const at = request.url.indexOf('?');
      const result = await completeIdentityReturn(deps, identity, requestContext(request), at === -1 ? '' : request.url.slice(at + 1));
      if (result.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(result.location, 303);
      return reply.code(400).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(identityReturnErrorPage());
    },
  );
}
