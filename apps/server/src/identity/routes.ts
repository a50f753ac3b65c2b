import {
  identityProvidersSchema,
  identitySessionRequestSchema,
  identitySessionResponseSchema,
  identityApi,
} from '@tessera/contracts';
import { z } from 'zod';
import { createIdentity } from '../adapters/identity/index.js';
import { IDENTITY_RETURN_PATH } from '../config/index.js';
import { requestContext } from '../http/request-context.js';
import { customerCallOf, gatedCall } from '../customer-call/call-gate.js';
import { completeIdentityReturn } from './complete-identity-return.js';
import { IDENTITY_CALL_GATE, listIdentityProviders } from './list-identity-providers.js';
import { startIdentitySession } from './start-identity-session.js';
import { errorResponses, mediaAnswer } from '../http/error-responses.js';
import type { App, RouteOptions } from '../http/route-types.js';
import { IDENTITY_RETURN_ERROR_CSP, identityReturnErrorPage } from './return-page.js';

/** A value the identity provider puts in the return's query (a repeated key gives a list). */
const providerValue = z.union([z.string(), z.array(z.string())]).optional();
const ORDER = 'Order of checks: brand (404 THEME_NOT_FOUND), x-flow-type PAYOUT or IDENTIFY (400 VALIDATION_ERROR), flow offered by the brand and bank identity configured (403 FLOW_UNAVAILABLE)';

/**
 * Bank identity (iDIN over OpenID Connect; docs/product/payout.md#bank-identity;
 * docs/decisions/014): the providers call, the session call, and the return endpoint the provider
 * redirects to. The OpenID Connect client is made here from the configuration (undefined when
 * identity is off). The customer calls that spend a session live in flows/payout/, flows/identify/
 * and app/customer-route.ts.
 */
export async function identityRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const identity = createIdentity(deps.config.identity);

  const gate = gatedCall(deps, captchaRateLimit, IDENTITY_CALL_GATE);

  app.get(
    identityApi.providers.pattern,
    {
      // A read with no side effect: the gate without the per-address limit.
      preValidation: gate.route.preValidation,
      schema: {
        ...gate.schema,
        tags: ['identity'],
        operationId: 'listIdentityProviders',
        summary: 'The identity provider (IDIN) and its issuers: the seven iDIN banks, id = BIC',
        description: `${ORDER}.`,
        response: { 200: identityProvidersSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(listIdentityProviders()),
  );

  app.post(
    identityApi.session.pattern,
    {
      // It writes a row per call: limited per address like the captcha-protected calls.
      ...gate.route,
      schema: {
        ...gate.schema,
        tags: ['identity'],
        operationId: 'startIdentitySession',
        summary: "Start a bank identity check: the provider's authorization URL, the chosen bank passed on",
        description:
          `${ORDER}, body (400 VALIDATION_ERROR; redirectUrl must be exactly PUBLIC_URL/callback, issuer an iDIN BIC from the providers call). ` +
          'Optional: cardNumber and securityCode (together; PAYOUT with bankAccountNumber, IDENTIFY without): the IBAN is checked as ' +
          'the PAYOUT customer call checks it (400 VALIDATION_ERROR on bankAccountNumber; another bank than issuer: 400 ' +
          'IBAN_BANK_MISMATCH), then the card and its security code under the guessing limits as the lookup checks them (404 ' +
          'CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS), and the card (and IBAN) are bound to the session, so the customer call needs ' +
          'only the sessionId. The session lives 10 minutes.',
        body: identitySessionRequestSchema,
        response: { 200: identitySessionResponseSchema, ...errorResponses(400, 403, 404, 413, 429, 500) },
      },
    },
    async (request, reply) => {
      const answer = await startIdentitySession(deps, identity, customerCallOf(request), request.body);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    IDENTITY_RETURN_PATH,
    {
      config: { rateLimit: captchaRateLimit },
      // It completes a session: a HEAD (a link scanner, a prefetch) must not.
      exposeHeadRoute: false,
      schema: {
        tags: ['identity'],
        operationId: 'completeIdentityReturn',
        summary: "The identity provider's redirect URI: completes the session, then 303 to /callback?state=…&sessionId=…",
        description:
          'Takes the OpenID Connect authorization response (state with code, or error). A known, started, live session is completed ' +
          '(verified, cancelled or failed) and the browser sent (303) to the portal’s /callback with the web app’s state and a new ' +
          'sessionId. An unknown state, a session already returned, or an expired one: 400 with an HTML page, nothing changed.',
        // Any query is taken (a repeated key too): the service reads the raw query as the OpenID
        // Connect client wants it, and whatever is wrong with it is the HTML page, not a JSON error.
        querystring: z.looseObject({ state: providerValue, code: providerValue, error: providerValue, iss: providerValue }),
        response: {
          303: z.null().describe('No body: Location is the portal’s /callback?state=…&sessionId=…'),
          400: mediaAnswer('An HTML page saying the identity check cannot be completed here', 'text/html'),
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const at = request.url.indexOf('?');
      const result = await completeIdentityReturn(deps, identity, requestContext(request), at === -1 ? '' : request.url.slice(at + 1));
      if (result.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(result.location, 303);
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', IDENTITY_RETURN_ERROR_CSP)
        .send(identityReturnErrorPage());
    },
  );
}
