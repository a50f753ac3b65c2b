import { giftCardSchema, payoutLookupRequestSchema, payoutApi } from '@tessera/contracts';
import { customerCallOf, gatedCall } from '../../customer-call/call-gate.js';
import { lookupGiftCard } from '../../customer-call/lookup-gift-card.js';
import { customerCallResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

/** The PAYOUT start's card lookup (docs/product/payout.md). */
export async function payoutRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const lookup = gatedCall(deps, captchaRateLimit, { brandIn: 'body', flowTypes: ['PAYOUT'] });

  app.post(
    payoutApi.lookup.pattern,
    {
      ...lookup.route,
      schema: {
        ...lookup.schema,
        tags: ['payout'],
        operationId: 'lookUpPayoutCard',
        summary: 'Look up a gift card to pay out (PAYOUT start): the card with its payoutBalance',
        description:
          'Body as the gift card lookup (code is the brand). Order of checks: brand (404 THEME_NOT_FOUND), flow PAYOUT ' +
          '(403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), captcha (400 CAPTCHA_INVALID), card and security code ' +
          "(404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). payoutBalance: balance, the brand's fee, payout = max(0, balance - fee). " +
          'The security code is never echoed.',
        body: payoutLookupRequestSchema,
        response: customerCallResponses(giftCardSchema),
      },
    },
    async (request, reply) => {
      // The PAYOUT body has no showResetUrl (validation drops keys it does not name): no reset link.
      const card = await lookupGiftCard(deps, customerCallOf(request), request.body);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );
}
