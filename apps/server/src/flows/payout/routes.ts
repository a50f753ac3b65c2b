import { FLOW_TYPE_HEADER, giftCardSchema, payoutLookupRequestSchema, payoutApi } from '@tessera/contracts';
import { z } from 'zod';
import { requestContext } from '../../http/request-context.js';
import { lookupGiftCard } from '../../customer-call/lookup-gift-card.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

/** The PAYOUT start's card lookup (docs/product/payout.md). */
export async function payoutRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  app.post(
    payoutApi.lookup.pattern,
    {
      config: { rateLimit: captchaRateLimit },
      // The service validates the body itself, after the brand and flow checks
      // (docs/product/common.md#order-of-checks).
      attachValidation: true,
      schema: {
        tags: ['payout'],
        operationId: 'lookUpPayoutCard',
        summary: 'Look up a gift card to pay out (PAYOUT start): the card with its payoutBalance',
        description:
          'Body as the gift card lookup (code is the brand). Order of checks: brand (404 THEME_NOT_FOUND), flow PAYOUT ' +
          '(403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), captcha (400 CAPTCHA_INVALID), card and security code ' +
          "(404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). payoutBalance: balance, the brand's fee, payout = max(0, balance - fee). " +
          'The security code is never echoed.',
        headers: z.looseObject({ [FLOW_TYPE_HEADER]: z.literal('PAYOUT') }),
        body: payoutLookupRequestSchema,
        response: { 200: giftCardSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      // The PAYOUT form asks for no reset link: a showResetUrl the gift card lookup knows is dropped.
      const body = request.body && typeof request.body === 'object' ? { ...request.body, showResetUrl: undefined } : request.body;
      const card = await lookupGiftCard(deps, requestContext(request), body, ['PAYOUT']);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );
}
