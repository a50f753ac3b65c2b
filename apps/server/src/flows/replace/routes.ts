import {
  brandIdParam,
  FLOW_TYPE_HEADER,
  giftCardLookupRequestSchema,
  giftCardSchema,
  replaceCardRequestSchema,
  replacementSchema,
  replaceApi,
} from '@tessera/contracts';
import { z } from 'zod';
import { requestContext } from '../../http/request-context.js';
import { lookupGiftCard } from '../../customer-call/lookup-gift-card.js';
import { replaceGiftCard } from './replace-gift-card.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

export async function replaceRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  app.post(
    replaceApi.lookup.pattern,
    {
      config: { rateLimit: captchaRateLimit },
      attachValidation: true,
      schema: {
        tags: ['replace'],
        operationId: 'lookUpReplaceCard',
        description:
          'The REPLACE start: the gift card lookup, code is the brand. Order of checks: brand (404 THEME_NOT_FOUND), x-flow-type REPLACE (400 VALIDATION_ERROR), flow offered (403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), captcha (400 CAPTCHA_INVALID), card and security code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS).',
        summary: 'Look up a gift card to replace (REPLACE start)',
        headers: z.looseObject({ [FLOW_TYPE_HEADER]: z.literal('REPLACE') }),
        body: giftCardLookupRequestSchema,
        response: { 200: giftCardSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const card = await lookupGiftCard(deps, requestContext(request), request.body, ['REPLACE']);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );

  app.post(
    replaceApi.replace.pattern,
    {
      // No captcha in the spec's body: the security code, the per-card guessing limits and this
      // per-address limit protect the call.
      config: { rateLimit: captchaRateLimit },
      attachValidation: true,
      schema: {
        tags: ['replace'],
        operationId: 'replaceGiftCard',
        summary: 'Replace a gift card: a new card by e-mail with the whole balance (idempotent)',
        description:
          'code is the card number. Order of checks: brand (404 THEME_NOT_FOUND), flow REPLACE (403 FLOW_UNAVAILABLE), ' +
          'body (400 VALIDATION_ERROR), card and security code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS), balance ' +
          "(400 BALANCE_TOO_LOW below the brand's replacement minimum). A repeat answers the first call's address " +
          '(masked unless the repeat names the same address) and changes nothing.',
        params: z.object({ themeCode: brandIdParam }),
        headers: z.looseObject({ [FLOW_TYPE_HEADER]: z.literal('REPLACE') }),
        body: replaceCardRequestSchema,
        response: { 200: replacementSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const answer = await replaceGiftCard(deps, requestContext(request), (request.params as { themeCode?: unknown }).themeCode, request.body);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
