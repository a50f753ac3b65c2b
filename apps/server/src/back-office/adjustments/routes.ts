import {
  adjustmentListSchema,
  adjustmentQuerySchema,
  adjustmentRequestSchema,
  adjustmentSchema,
  adminApi,
  approveAdjustmentRequestSchema,
  approveAdjustmentResultSchema,
  rejectAdjustmentRequestSchema,
  rejectAdjustmentResultSchema,
} from '@tessera/contracts/admin';
import { z } from 'zod';
import { findBrandCodeOfAdjustment } from '../../db/repositories/adjustment-proposals.js';
import { findBrandCodeOfCard } from '../../db/repositories/staff-cards.js';
import type { ServiceDeps } from '../../deps.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/route-types.js';
import { type BrandSource, brandOfCard, noBrand, staffOf, staffRoute } from '../admin-route.js';
import { staffActorOf } from '../staff-context.js';
import { approveAdjustment, rejectAdjustment } from './decide-adjustment.js';
import { listAdjustments } from './list-adjustments.js';
import { proposeAdjustment } from './propose-adjustment.js';

/** Every back office API answer can be 401 (no session), 403 (role, or a POST's Origin) and 404 (another host, another brand). */
const guarded = (...more: number[]) => errorResponses(401, 403, 404, ...more);
const hidden = { hide: true } as const;
const idParams = z.object({ id: z.string().min(1).max(64) });

/** The brand of the adjustment whose id is the path parameter `id`: unknown or another brand's answers 404 NOT_FOUND. */
const brandOfAdjustment = (deps: ServiceDeps): BrandSource => ({
  label: 'adjustment:id',
  notFound: 'NOT_FOUND',
  resolve: async (request) => {
    const id = (request.params as { id?: unknown }).id;
    if (typeof id !== 'string' || id === '') return 'not found';
    return (await findBrandCodeOfAdjustment(deps.db, id)) ?? 'not found';
  },
});

/**
 * Balance adjustments under four eyes (docs/decisions/035): support, finance or an admin proposes
 * one on a card; a second person with finance or admin on its brand approves or rejects it. Each
 * route declares its action and brand (admin-route.ts) and calls one service.
 */
export async function adminAdjustmentRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const cardBrand = brandOfCard('id', async (id) => (await findBrandCodeOfCard(deps.db, id)) ?? 'not found');
  const decide = staffRoute('adjustments.decide', brandOfAdjustment(deps));

  app.post(
    adminApi.proposeAdjustment.pattern,
    { config: staffRoute('adjustments.propose', cardBrand), schema: { ...hidden, params: idParams, body: adjustmentRequestSchema, response: { 201: adjustmentSchema, 200: adjustmentSchema, ...guarded(400, 409) } } },
    async (request, reply) => {
      const ctx = staffOf(request);
      const { adjustment, created } = await proposeAdjustment(deps, ctx, staffActorOf(ctx), request.params.id, request.body);
      // A repeat with the same reference answers the proposal made before.
      return reply.code(created ? 201 : 200).send(adjustment);
    },
  );

  // Whoever may see a card may see its proposals: the card page lists them, the queue the pending ones.
  app.get(
    adminApi.adjustments.pattern,
    { config: staffRoute('cards.read', noBrand), schema: { ...hidden, querystring: adjustmentQuerySchema, response: { 200: adjustmentListSchema, ...guarded(400) } } },
    async (request) => listAdjustments(deps, staffOf(request), request.query),
  );

  app.post(
    adminApi.approveAdjustment.pattern,
    { config: decide, schema: { ...hidden, params: idParams, body: approveAdjustmentRequestSchema, response: { 200: approveAdjustmentResultSchema, ...guarded(400, 409) } } },
    async (request) => {
      const ctx = staffOf(request);
      return approveAdjustment(deps, ctx, staffActorOf(ctx), request.params.id);
    },
  );

  app.post(
    adminApi.rejectAdjustment.pattern,
    { config: decide, schema: { ...hidden, params: idParams, body: rejectAdjustmentRequestSchema, response: { 200: rejectAdjustmentResultSchema, ...guarded(400, 409) } } },
    async (request) => {
      const ctx = staffOf(request);
      return rejectAdjustment(deps, ctx, staffActorOf(ctx), request.params.id, request.body.reason);
    },
  );
}
