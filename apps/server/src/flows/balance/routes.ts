import { giftCardLookupRequestSchema, giftCardSchema, giftCardApi } from '@tessera/contracts';
import { customerCallOf, gatedCall } from '../../customer-call/call-gate.js';
import { lookupGiftCard } from '../../customer-call/lookup-gift-card.js';
import { customerCallResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

export async function balanceRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const lookup = gatedCall(deps, captchaRateLimit, { brandIn: 'body', flowTypes: ['BALANCE', 'IDENTIFY'] });

  app.post(
    giftCardApi.lookup.pattern,
    {
      ...lookup.route,
      schema: {
        ...lookup.schema,
        tags: ['giftcard'],
        operationId: 'lookUpGiftCard',
        description:
          'The BALANCE (and IDENTIFY) start: code is the brand. Order of checks: brand (404 THEME_NOT_FOUND), x-flow-type BALANCE or IDENTIFY (400 VALIDATION_ERROR), flow offered (403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), captcha (400 CAPTCHA_INVALID), card and security code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). resetUrl when showResetUrl and the brand offers RESET. The security code is never echoed.',
        summary: 'Look up a gift card (balance, identify)',
        body: giftCardLookupRequestSchema,
        response: customerCallResponses(giftCardSchema),
      },
    },
    async (request, reply) => {
      const card = await lookupGiftCard(deps, customerCallOf(request), request.body);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );
}
