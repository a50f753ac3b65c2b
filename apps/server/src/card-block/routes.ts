import { blockCardRequestSchema, blockCardResultSchema, cardApi } from '@tessera/contracts';
import { customerCallOf, gatedCall } from '../customer-call/call-gate.js';
import { customerCallResponses } from '../http/error-responses.js';
import type { App, RouteOptions } from '../http/route-types.js';
import { blockLostCard } from './block-lost-card.js';

/**
 * The cardholder's block of a lost card, one call for two flows told apart by x-flow-type: the
 * BALANCE amount screen (a gift card) and the VISA account (a Visa card). Shared by both, so it is
 * its own area, as identity/ is for PAYOUT and IDENTIFY (docs/decisions/015).
 */
export async function cardBlockRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  // No captcha: the cardholder proved the card a moment ago. The card's secret, the per-card
  // guessing limits and this per-address limit protect the call, as they do getPin.
  const block = gatedCall(deps, captchaRateLimit, { brandIn: 'body', flowTypes: ['BALANCE', 'VISA'] });

  app.post(
    cardApi.block.pattern,
    {
      ...block.route,
      schema: {
        ...block.schema,
        tags: ['cards'],
        operationId: 'blockLostCard',
        summary: 'Block a lost card (its owner, from the BALANCE amount screen or the VISA account)',
        description:
          'code is the brand. x-flow-type BALANCE blocks a gift card proved by its security code, VISA a Visa card proved by its passcode. ' +
          'Order of checks: brand (404 THEME_NOT_FOUND), x-flow-type BALANCE or VISA (400 VALIDATION_ERROR), flow offered (403 FLOW_UNAVAILABLE), ' +
          'body (400 VALIDATION_ERROR), card and secret under the guessing limits (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS). ' +
          "A card blocked already answers the first block's time and nothing changes. Afterwards every flow answers the card as unknown, " +
          "except REPLACE, which still moves a gift card's balance to a new card.",
        body: blockCardRequestSchema,
        response: customerCallResponses(blockCardResultSchema),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await blockLostCard(deps, customerCallOf(request), request.body)),
  );
}
