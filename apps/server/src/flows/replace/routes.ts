import { giftCardLookupRequestSchema, giftCardSchema, replaceCardRequestSchema, replacementSchema, replaceApi } from '@tessera/contracts';
import { customerCallOf, gatedCall } from '../../customer-call/call-gate.js';
import { lookupGiftCard } from '../../customer-call/lookup-gift-card.js';
import { mayReplaceWhileBlocked } from '../../domain/card-state.js';
import { replaceGiftCard } from './replace-gift-card.js';
import { customerCallResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

export async function replaceRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const lookup = gatedCall(deps, captchaRateLimit, { brandIn: 'body', flowTypes: ['REPLACE'] });
  const replace = gatedCall(deps, captchaRateLimit, { brandIn: 'path', flowTypes: ['REPLACE'] });

  app.post(
    replaceApi.lookup.pattern,
    {
      ...lookup.route,
      schema: {
        ...lookup.schema,
        tags: ['replace'],
        operationId: 'lookUpReplaceCard',
        description:
          'The REPLACE start: the gift card lookup, code is the brand. Order of checks: brand (404 THEME_NOT_FOUND), x-flow-type REPLACE (400 VALIDATION_ERROR), flow offered (403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), captcha (400 CAPTCHA_INVALID), card and security code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS).',
        summary: 'Look up a gift card to replace (REPLACE start)',
        body: giftCardLookupRequestSchema,
        response: customerCallResponses(giftCardSchema),
      },
    },
    async (request, reply) => {
      // REPLACE is how a lost or stolen card's balance moves to a new card: its lookup finds it blocked.
      const card = await lookupGiftCard(deps, customerCallOf(request), request.body, { alsoAccepts: mayReplaceWhileBlocked });
      return reply.header('cache-control', 'no-store').send(card);
    },
  );

  app.post(
    replaceApi.replace.pattern,
    {
      // No captcha in the spec's body: the security code, the per-card guessing limits and this
      // per-address limit protect the call.
      ...replace.route,
      schema: {
        ...replace.schema,
        tags: ['replace'],
        operationId: 'replaceGiftCard',
        summary: 'Replace a gift card: a new card by e-mail with the whole balance (idempotent)',
        description:
          'code is the card number. Order of checks: brand (404 THEME_NOT_FOUND), flow REPLACE (403 FLOW_UNAVAILABLE), ' +
          'body (400 VALIDATION_ERROR), card and security code (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS), balance ' +
          "(400 BALANCE_TOO_LOW below the brand's replacement minimum, or a card paid out). A repeat for a card already " +
          "replaced answers the first call's address when it names the same address (case and surrounding spaces aside) " +
          'and 409 IDEMPOTENCY_CONFLICT for another address; either way it changes nothing.',
        body: replaceCardRequestSchema,
        response: customerCallResponses(replacementSchema, 409),
      },
    },
    async (request, reply) => {
      const answer = await replaceGiftCard(deps, customerCallOf(request), request.body);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
