import {
  identifyCustomerQuerySchema,
  identifyCustomerRequestSchema,
  identifyCustomerResponseSchema,
  identitySessionIdField,
  payoutCustomerRequestSchema,
  payoutCustomerResponseSchema,
  identityApi,
} from '@tessera/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { customerCallOf, gatedCall } from '../customer-call/call-gate.js';
import { payOutCard } from '../flows/payout/pay-out-card.js';
import { registerCard } from '../flows/identify/register-card.js';
import { customerCallResponses } from '../http/error-responses.js';
import type { App, RouteOptions } from '../http/route-types.js';

/** The sessionId in IDENTIFY's query string is a bearer secret: never in a log line. */
const SESSION_QUERY = /([?&]sessionId=)[^&#]*/gi;

/** This route's request log serializer: Fastify's fields, with the sessionId censored. */
function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? req.url.replace(SESSION_QUERY, '$1[redacted]') : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const ORDER =
  'Order of checks: brand (404 THEME_NOT_FOUND), x-flow-type PAYOUT or IDENTIFY (400 VALIDATION_ERROR), flow offered (403 ' +
  'FLOW_UNAVAILABLE), body and query (400 VALIDATION_ERROR), identity session (400 IDENTITY_SESSION_INVALID), card and security ' +
  'code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS), the identity check (400 USER_CANCELLED, 400 IDENTITY_FAILED)';

/**
 * The customer calls (docs/product/payout.md#calls, docs/product/identify.md#calls): one path, two
 * calls, told apart by x-flow-type. Each call is its own route, chosen by the router's x-flow-type
 * constraint (customer-call/flow-type-constraint.ts), so Fastify validates each body and query as
 * that call's. A request naming neither reaches the third, unconstrained route, whose call gate
 * answers THEME_NOT_FOUND or VALIDATION_ERROR in the contract's order; that route also carries the
 * path's one OpenAPI operation (OpenAPI has one operation per path and method), the two calls'
 * routes are hidden from the document.
 */
export async function customerRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  // No captcha in the spec's bodies: the security code, the identity session, the per-card
  // guessing limits and this per-address limit protect the calls.
  const payout = gatedCall(deps, captchaRateLimit, { brandIn: 'path', flowTypes: ['PAYOUT'] });
  const identify = gatedCall(deps, captchaRateLimit, { brandIn: 'path', flowTypes: ['IDENTIFY'] });
  const neither = gatedCall(deps, captchaRateLimit, { brandIn: 'path', flowTypes: ['PAYOUT', 'IDENTIFY'] });
  const logSerializers = { req: requestSerializer };

  app.post(
    identityApi.customer.pattern,
    {
      ...payout.route,
      logSerializers,
      constraints: { flowType: 'PAYOUT' },
      schema: {
        ...payout.schema,
        hide: true,
        body: payoutCustomerRequestSchema,
        response: customerCallResponses(payoutCustomerResponseSchema, 409),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await payOutCard(deps, customerCallOf(request), request.body)),
  );

  app.post(
    identityApi.customer.pattern,
    {
      ...identify.route,
      logSerializers,
      constraints: { flowType: 'IDENTIFY' },
      schema: {
        ...identify.schema,
        hide: true,
        querystring: identifyCustomerQuerySchema,
        body: identifyCustomerRequestSchema,
        response: customerCallResponses(identifyCustomerResponseSchema),
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await registerCard(deps, customerCallOf(request), request.query.sessionId, request.body)),
  );

  app.post(
    identityApi.customer.pattern,
    {
      ...neither.route,
      logSerializers,
      schema: {
        ...neither.schema,
        tags: ['identity'],
        operationId: 'customerCall',
        summary: 'The customer call after a bank identity check: PAYOUT pays the card out, IDENTIFY registers it',
        description:
          'x-flow-type PAYOUT: body {cardNumber, securityCode, sessionId, bankAccountNumber}, answer {payout, fee, assetCode, ' +
          'bankAccountNumber (masked)}. x-flow-type IDENTIFY: ?sessionId=…, body {cardNumber, securityCode}, answer {cardNumber}. ' +
          'When the session call was given the card (and, PAYOUT, the IBAN), the body may leave them out: PAYOUT {sessionId}, ' +
          'IDENTIFY {}; what is sent must then agree with what the session call bound (another card or IBAN: 400 VALIDATION_ERROR ' +
          'naming it, nothing changed), and neither sent nor bound is 400 VALIDATION_ERROR too. A bound card is not asked for its ' +
          'security code again: 404 CARD_NOT_FOUND when it no longer qualifies, 400 TOO_MANY_REQUESTS when it is locked for the operator, ' +
          '400 IDENTITY_SESSION_INVALID when its security code changed since. ' +
          `${ORDER}, PAYOUT: the IBAN (400 VALIDATION_ERROR on bankAccountNumber, 400 IBAN_BANK_MISMATCH), then 400 ` +
          'CARD_ALREADY_REGISTERED (paid out or registered before), 400 BALANCE_TOO_LOW (nothing left after the fee). ' +
          'Idempotent: a repeat with the same sessionId for the same card answers the first success; a PAYOUT repeat with ' +
          'another IBAN (spaces and case aside) answers 409 IDEMPOTENCY_CONFLICT and changes nothing.',
        querystring: z.object({ sessionId: identitySessionIdField.optional() }),
        body: z.union([payoutCustomerRequestSchema, identifyCustomerRequestSchema]),
        // 409: PAYOUT only (a repeat with another IBAN); IDENTIFY never answers it.
        response: customerCallResponses(z.union([payoutCustomerResponseSchema, identifyCustomerResponseSchema]), 409),
      },
    },
    async (request) => {
      // The gate refuses every request the two calls' routes did not take (brand first, then the header).
      throw new Error(`the customer call gate let x-flow-type ${customerCallOf(request).flowType} through`);
    },
  );
}
