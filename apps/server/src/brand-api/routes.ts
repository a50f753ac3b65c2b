import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { InTransaction } from './api-card.js';
import type { ApiCaller } from './caller.js';
import { errorResponses } from '../http/error-responses.js';
import type { App, RouteOptions } from '../http/route-types.js';
import type { ApiScope } from '../domain/brand-api-rules.js';
import { rateLimitKey } from '../domain/client-address.js';
import { apiCallerOf, installApiAuthentication } from './authenticate.js';
import { type BlockChange, blockCard, unblockCard } from './block-card.js';
import { idempotencyKeyOf, idempotently } from './idempotency.js';
import { issueGiftCard } from './issue-gift-card.js';
import { listTransactions } from './list-transactions.js';
import { load } from './load.js';
import { getCard, lookUpCard } from './read-card.js';
import { redeem } from './redeem.js';
import { refund } from './refund.js';
import {
  blockRequestSchema,
  cardIdParams,
  cardSchema,
  idempotencyHeaders,
  issueCardRequestSchema,
  issuedCardSchema,
  loadRequestSchema,
  loadSchema,
  lookupRequestSchema,
  redemptionIdParams,
  redemptionRequestSchema,
  redemptionSchema,
  refundRequestSchema,
  refundSchema,
  transactionsQuerySchema,
  transactionsSchema,
  unblockRequestSchema,
} from './schemas.js';

/** The brand API's base path (docs/brand-api.md). */
export const API_V1 = '/api/v1';

const IDEMPOTENCY = 'Needs an Idempotency-Key header (400 IDEMPOTENCY_KEY_REQUIRED); the same key and body again answers the first answer with Idempotent-Replayed: true, another body 422 IDEMPOTENCY_KEY_REUSED, while the first runs 409 IDEMPOTENCY_KEY_IN_USE.';

/** What every call of the API shares in its OpenAPI operation: the tag, the bearer key, the scope it needs. */
const operation = (scope: ApiScope, operationId: string, summary: string, description: string) => ({
  config: { apiScope: scope },
  tags: ['brand-api'],
  operationId,
  summary,
  description: `${description} Scope ${scope}.`,
  security: [{ bearerAuth: [] }],
});

/** A POST's schema parts: its operation, the Idempotency-Key header and the errors every POST can answer. */
function post(scope: ApiScope, operationId: string, summary: string, description: string) {
  const { config, ...schema } = operation(scope, operationId, summary, `${description} ${IDEMPOTENCY}`);
  return { config, schema: { ...schema, headers: idempotencyHeaders }, errors: (...more: number[]) => errorResponses(400, 401, 403, 409, 413, 422, 429, ...more) };
}

function get(scope: ApiScope, operationId: string, summary: string, description: string) {
  const { config, ...schema } = operation(scope, operationId, summary, description);
  return { config, schema, errors: (...more: number[]) => errorResponses(400, 401, 403, 429, ...more) };
}

const ok = <T extends z.ZodType>(status: 200 | 201, schema: T) => ({ [status]: schema }) as Record<200 | 201, T>;

/**
 * The brand API (/api/v1): the brand's own systems (tills, webshop, the processor behind a Visa
 * card) issue, look up, redeem, refund, load, list and block cards with a key of their brand.
 * Not a cardholder flow: no captcha, no x-flow-type, no guessing limits; a key, its scopes and its
 * rate limit instead (authenticate.ts), and every POST idempotent (idempotency.ts).
 */
export async function brandApiRoutes(app: App, { deps }: RouteOptions): Promise<void> {
  installApiAuthentication(app, deps, {
    perKey: app.createRateLimit({
      max: deps.config.apiRateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-key:${apiCallerOf(request).keyId}`,
    }),
    // Counted per address as the other per-address limits are (an IPv6 client by its /64).
    failuresPerAddress: app.createRateLimit({
      max: deps.config.apiAuthFailuresPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-auth-failures:${rateLimitKey(request.ip)}`,
    }),
  });
  // Every POST needs its Idempotency-Key: refused as IDEMPOTENCY_KEY_REQUIRED before the header
  // schema (the same bounds, for the document) or the body is validated.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST') idempotencyKeyOf(request);
  });

  /**
   * A POST that changes something: run once per Idempotency-Key (idempotency.ts), its answer made
   * from the use case's result and stored in the use case's own transaction (`then`).
   */
  const changeCall = async <R, A>(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    answer: (result: R) => A,
    run: (caller: ApiCaller, then: InTransaction<R>) => Promise<R>,
  ): Promise<void> => {
    const caller = apiCallerOf(request);
    // The answer is sent by idempotently (first answer or replay).
    await idempotently(deps, request, reply, caller, status, async (store) => answer(await run(caller, (trx, result) => store(trx, answer(result)))));
  };

  {
    const r = post('cards:write', 'issueGiftCard', 'Issue a gift card', 'A new active gift card of the key\u2019s brand with its initial balance (in the brand\u2019s asset): its number, security code and (when asked) recovery code are in this answer only.');
    app.post(`${API_V1}/cards`, { config: r.config, schema: { ...r.schema, body: issueCardRequestSchema, response: { ...ok(201, issuedCardSchema), ...r.errors() } } }, (request, reply) =>
      changeCall(request, reply, 201, issuedAnswer, (caller, then) => issueGiftCard(deps, caller, request.body, then)),
    );
  }

  {
    const r = post('cards:read', 'lookUpCard', 'Look up a card by its number', 'The card of this number, if it is the key\u2019s brand\u2019s (else 404 CARD_NOT_FOUND): its opaque id for later calls, state, balances and expiry. A POST, so the number never appears in a URL.');
    app.post(`${API_V1}/cards/lookup`, { config: r.config, schema: { ...r.schema, body: lookupRequestSchema, response: { ...ok(200, cardSchema), ...r.errors(404) } } }, async (request, reply) => {
      const caller = apiCallerOf(request);
      return idempotently(deps, request, reply, caller, 200, () => lookUpCard(deps, caller, request.body.cardNumber));
    });
  }

  {
    const r = get('cards:read', 'getCard', 'Get a card', 'The card as the lookup answers it. Another brand\u2019s or an unknown id: 404 CARD_NOT_FOUND.');
    app.get(`${API_V1}/cards/:id`, { config: r.config, schema: { ...r.schema, params: cardIdParams, response: { ...ok(200, cardSchema), ...r.errors(404) } } }, async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await getCard(deps, apiCallerOf(request), request.params.id)),
    );
  }

  {
    const r = post('redemptions:write', 'redeemCard', 'Redeem (spend) from a card', 'Takes the amount off an active card. Short balance: 400 BALANCE_TOO_LOW, or with allowPartial what the card holds. A blocked, replaced, paid-out, inactive or expired card: 400 CARD_NOT_ACTIVE. Redemptions of one card run one at a time: the balance never goes below zero.');
    app.post(`${API_V1}/cards/:id/redemptions`, { config: r.config, schema: { ...r.schema, params: cardIdParams, body: redemptionRequestSchema, response: { ...ok(201, redemptionSchema), ...r.errors(404) } } }, (request, reply) =>
      changeCall(request, reply, 201, redemptionAnswer, (caller, then) => redeem(deps, caller, request.params.id, request.body, then)),
    );
  }

  {
    const r = post('redemptions:write', 'refundRedemption', 'Refund a redemption', 'Gives (part of) a redemption back to its card; default: what is left to refund. More than is left: 400 REFUND_EXCEEDS_REDEMPTION. Another brand\u2019s or an unknown redemption: 404 REDEMPTION_NOT_FOUND.');
    app.post(`${API_V1}/redemptions/:id/refunds`, { config: r.config, schema: { ...r.schema, params: redemptionIdParams, body: refundRequestSchema, response: { ...ok(201, refundSchema), ...r.errors(404) } } }, (request, reply) =>
      changeCall(request, reply, 201, refundAnswer, (caller, then) => refund(deps, caller, request.params.id, request.body, then)),
    );
  }

  {
    const r = post('loads:write', 'loadCard', 'Load money onto a card', 'Adds the amount to an active card (400 CARD_NOT_ACTIVE otherwise).');
    app.post(`${API_V1}/cards/:id/loads`, { config: r.config, schema: { ...r.schema, params: cardIdParams, body: loadRequestSchema, response: { ...ok(201, loadSchema), ...r.errors(404) } } }, (request, reply) =>
      changeCall(request, reply, 201, loadAnswer, (caller, then) => load(deps, caller, request.params.id, request.body, then)),
    );
  }

  {
    const r = get('cards:read', 'listCardTransactions', 'List a card\u2019s transactions', 'Ledger entries, newest first, `limit` (1 to 100, default 20) a page; pass nextCursor as `cursor` for the next page. Amounts are signed; balanceAfter is the balance right after the entry.');
    app.get(
      `${API_V1}/cards/:id/transactions`,
      { config: r.config, schema: { ...r.schema, params: cardIdParams, querystring: transactionsQuerySchema, response: { ...ok(200, transactionsSchema), ...r.errors(404) } } },
      async (request, reply) => reply.header('cache-control', 'no-store').send(await listTransactions(deps, apiCallerOf(request), request.params.id, request.query)),
    );
  }

  {
    const r = post('cards:write', 'blockCard', 'Block a card', 'Stops a card (lost, stolen, fraud, other): self-service answers it as unknown, redemptions and loads are refused. Blocking a blocked card changes nothing.');
    app.post(`${API_V1}/cards/:id/block`, { config: r.config, schema: { ...r.schema, params: cardIdParams, body: blockRequestSchema, response: { ...ok(200, cardSchema), ...r.errors(404) } } }, (request, reply) =>
      changeCall(request, reply, 200, cardOfChange, (caller, then) => blockCard(deps, caller, request.params.id, request.body.reason, then)),
    );
  }

  {
    const r = post('cards:write', 'unblockCard', 'Unblock a card', 'The card works again in the state it had. Unblocking a card that is not blocked changes nothing.');
    app.post(`${API_V1}/cards/:id/unblock`, { config: r.config, schema: { ...r.schema, params: cardIdParams, body: unblockRequestSchema, response: { ...ok(200, cardSchema), ...r.errors(404) } } }, (request, reply) =>
      changeCall(request, reply, 200, cardOfChange, (caller, then) => unblockCard(deps, caller, request.params.id, then)),
    );
  }
}

const issuedAnswer = (c: Awaited<ReturnType<typeof issueGiftCard>>): z.infer<typeof issuedCardSchema> => ({
  id: c.id,
  cardNumber: c.cardNumber,
  securityCode: c.securityCode,
  ...(c.recoveryCode !== undefined && { recoveryCode: c.recoveryCode }),
  balance: c.balance,
  expiresAt: c.expiresAt,
  state: 'active',
});

const redemptionAnswer = (r: Awaited<ReturnType<typeof redeem>>): z.infer<typeof redemptionSchema> => ({
  id: r.id,
  cardId: r.cardId,
  amount: r.amount,
  balanceAfter: r.balanceAfter,
  reference: r.reference,
  createdAt: r.createdAt,
});

const refundAnswer = (r: Awaited<ReturnType<typeof refund>>): z.infer<typeof refundSchema> => ({
  id: r.id,
  redemptionId: r.redemptionId,
  amount: r.amount,
  balanceAfter: r.balanceAfter,
  createdAt: r.createdAt,
});

const loadAnswer = (l: Awaited<ReturnType<typeof load>>): z.infer<typeof loadSchema> => ({
  id: l.id,
  cardId: l.cardId,
  amount: l.amount,
  balanceAfter: l.balanceAfter,
  createdAt: l.createdAt,
});

const cardOfChange = (change: BlockChange) => change.card;
