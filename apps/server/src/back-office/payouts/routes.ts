import {
  adminApi,
  heldPayoutListSchema,
  payoutListQuerySchema,
  rejectPayoutRequestSchema,
  rejectPayoutResultSchema,
  releasePayoutRequestSchema,
  releasePayoutResultSchema,
} from '@tessera/contracts/admin';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findBrandCodeOfPayout } from '../../db/repositories/payout-review.js';
import type { ServiceDeps } from '../../deps.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/route-types.js';
import { type BrandSource, noBrand, staffOf, staffRoute } from '../admin-route.js';
import { staffActorOf } from '../staff-context.js';
import { listHeldPayoutsForStaff } from './held-payouts.js';
import { rejectHeldPayout, releaseHeldPayout } from './review-payout.js';

/** Every back office API answer can be 401 (no session), 403 (role, or a POST's Origin) and 404 (another host, another brand). */
const guarded = (...more: number[]) => errorResponses(401, 403, 404, ...more);
const hidden = { hide: true } as const;
const payoutParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Finance's review of held payouts (docs/back-office.md, "Payouts held for review"): the list,
 * release and rejection. The payout's brand comes from its id (the guard answers NOT_FOUND for one
 * outside the caller's brands, as for an unknown one); each route calls one service.
 */
export async function adminPayoutRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const payoutBrand: BrandSource = {
    label: 'payout:id',
    notFound: 'NOT_FOUND',
    resolve: async (request: FastifyRequest) => {
      const id = (request.params as { id?: unknown } | undefined)?.id;
      return typeof id === 'string' && id !== '' ? ((await findBrandCodeOfPayout(deps.db, id)) ?? 'not found') : 'not found';
    },
  };
  const review = staffRoute('payouts.review', payoutBrand);

  app.get(
    adminApi.payouts.pattern,
    { config: staffRoute('payouts.review', noBrand), schema: { ...hidden, querystring: payoutListQuerySchema, response: { 200: heldPayoutListSchema, ...guarded(400) } } },
    async (request) => {
      const ctx = staffOf(request);
      return listHeldPayoutsForStaff(deps, ctx);
    },
  );

  app.post(
    adminApi.releasePayout.pattern,
    { config: review, schema: { ...hidden, params: payoutParams, body: releasePayoutRequestSchema, response: { 200: releasePayoutResultSchema, ...guarded(400, 409) } } },
    async (request) => {
      const ctx = staffOf(request);
      return releaseHeldPayout(deps, ctx, staffActorOf(ctx), request.params.id, request.body);
    },
  );

  app.post(
    adminApi.rejectPayout.pattern,
    { config: review, schema: { ...hidden, params: payoutParams, body: rejectPayoutRequestSchema, response: { 200: rejectPayoutResultSchema, ...guarded(400, 409) } } },
    async (request) => {
      const ctx = staffOf(request);
      return rejectHeldPayout(deps, ctx, staffActorOf(ctx), request.params.id, request.body);
    },
  );
}
