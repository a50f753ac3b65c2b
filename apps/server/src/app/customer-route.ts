import {
  brandIdParam,
  FLOW_TYPE_HEADER,
  identifyCustomerRequestSchema,
  identifyCustomerResponseSchema,
  identitySessionIdField,
  payoutCustomerRequestSchema,
  payoutCustomerResponseSchema,
  identityApi,
} from '@tessera/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestContext } from '../http/request-context.js';
import { payOutCard } from '../flows/payout/pay-out-card.js';
import { registerCard } from '../flows/identify/register-card.js';
import { requireBrandOfPath, requireOfferedFlowType } from '../customer-call/brand-gate.js';
import { errorResponses } from '../http/error-responses.js';
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

/**
 * The customer calls (docs/product/payout.md#calls, docs/product/identify.md#calls): one
 * path, two calls, told apart by x-flow-type. A thin dispatcher; the services do the work.
 */
export async function customerRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  app.post(
    identityApi.customer.pattern,
    {
      // No captcha in the spec's bodies: the security code, the identity session, the per-card
      // guessing limits and this per-address limit protect the calls.
      config: { rateLimit: captchaRateLimit },
      logSerializers: { req: requestSerializer },
      attachValidation: true,
      schema: {
        tags: ['identity'],
        operationId: 'customerCall',
        summary: 'The customer call after a bank identity check: PAYOUT pays the card out, IDENTIFY registers it',
        description:
          'x-flow-type PAYOUT: body {cardNumber, securityCode, sessionId, bankAccountNumber}, answer {payout, fee, assetCode, ' +
          'bankAccountNumber (masked)}. x-flow-type IDENTIFY: ?sessionId=…, body {cardNumber, securityCode}, answer {cardNumber}. ' +
          'Order of checks: brand (404 THEME_NOT_FOUND), flow (403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), identity ' +
          'session (400 IDENTITY_SESSION_INVALID), card and security code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS), the ' +
          'identity check (400 USER_CANCELLED, 400 IDENTITY_FAILED), PAYOUT: the IBAN (400 VALIDATION_ERROR on bankAccountNumber, ' +
          '400 IBAN_BANK_MISMATCH), then 400 CARD_ALREADY_REGISTERED (paid out or registered before), 400 BALANCE_TOO_LOW ' +
          '(nothing left after the fee). Idempotent: a repeat with the same sessionId for the same card answers the first success.',
        params: z.object({ themeCode: brandIdParam }),
        querystring: z.object({ sessionId: identitySessionIdField.optional() }),
        headers: z.looseObject({ [FLOW_TYPE_HEADER]: z.enum(['PAYOUT', 'IDENTIFY']) }),
        body: z.union([payoutCustomerRequestSchema, identifyCustomerRequestSchema]),
        response: {
          200: z.union([payoutCustomerResponseSchema, identifyCustomerResponseSchema]),
          ...errorResponses(400, 403, 404, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const ctx = requestContext(request);
      const themeCode = (request.params as { themeCode?: unknown }).themeCode;
      let answer;
      if (ctx.flowTypeHeader === 'PAYOUT') answer = await payOutCard(deps, ctx, themeCode, request.body);
      else if (ctx.flowTypeHeader === 'IDENTIFY') answer = await registerCard(deps, ctx, themeCode, request.query, request.body);
      else {
        // Neither call: the brand is checked first (the contract's order), then the header is refused.
        const { flows } = await requireBrandOfPath(deps.brands, themeCode);
        requireOfferedFlowType(ctx.flowTypeHeader, ['PAYOUT', 'IDENTIFY'], flows);
        throw new Error('unreachable: requireOfferedFlowType refuses any other header');
      }
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
