import { FLOW_TYPE_HEADER, giftCardLookupRequestSchema, giftCardSchema, giftCardApi } from '@tessera/contracts';
import { z } from 'zod';
import { requestContext } from '../../http/request-context.js';
import { lookupGiftCard } from '../../customer-call/lookup-gift-card.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

export async function balanceRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  app.post(
    giftCardApi.lookup.pattern,
    {
      config: { rateLimit: captchaRateLimit },
      // The service validates the body itself, after the brand and flow checks
      // (docs/product/common.md#order-of-checks).
      attachValidation: true,
      schema: {
        tags: ['giftcard'],
        operationId: 'lookUpGiftCard',
        description:
          'The BALANCE (and IDENTIFY) start: code is the brand. Order of checks: brand (404 THEME_NOT_FOUND), x-flow-type BALANCE or IDENTIFY (400 VALIDATION_ERROR), flow offered (403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), captcha (400 CAPTCHA_INVALID), card and security code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). resetUrl when showResetUrl and the brand offers RESET. The security code is never echoed.',
        summary: 'Look up a gift card (balance, identify)',
        headers: z.looseObject({ [FLOW_TYPE_HEADER]: z.enum(['BALANCE', 'IDENTIFY']) }),
        body: giftCardLookupRequestSchema,
        response: { 200: giftCardSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const card = await lookupGiftCard(deps, requestContext(request), request.body, ['BALANCE', 'IDENTIFY']);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );
}
