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
import { findBrandCodeOfAdjustment } from '../../db/repositories/adjustment-proposals.js';
import { findBrandCodeOfCard } from '../../db/repositories/staff-cards.js';
import type { ServiceDeps } from '../../deps.js';
import type { App } from '../../http/route-types.js';
import { brandOfCard, brandOfResource, noBrand, staffAndActorOf, staffOf, staffRoute } from '../admin-route.js';
import { adminSchema, idParams } from '../route-schema.js';
import { approveAdjustment, rejectAdjustment } from './decide-adjustment.js';
import { listAdjustments } from './list-adjustments.js';
import { proposeAdjustment } from './propose-adjustment.js';


/**
 * Balance adjustments under four eyes (docs/decisions/035): support, finance or an admin proposes
 * one on a card; a second person with finance or admin on its brand approves or rejects it. Each
 * route declares its action and brand (admin-route.ts) and calls one service.
 */
export async function adminAdjustmentRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const cardBrand = brandOfCard('id', (id) => findBrandCodeOfCard(deps.db, id));
  const decide = staffRoute('adjustments.decide', brandOfResource('adjustment', (id) => findBrandCodeOfAdjustment(deps.db, id)));

  app.post(
    adminApi.proposeAdjustment.pattern,
    { config: staffRoute('adjustments.propose', cardBrand), schema: adminSchema({ params: idParams, body: adjustmentRequestSchema, response: { 201: adjustmentSchema, 200: adjustmentSchema } }, 400, 409) },
    async (request, reply) => {
      const { adjustment, created } = await proposeAdjustment(deps, ...staffAndActorOf(request), request.params.id, request.body);
      // A repeat with the same reference answers the proposal made before.
      return reply.code(created ? 201 : 200).send(adjustment);
    },
  );

  // Whoever may see a card may see its proposals: the card page lists them, the queue the pending ones.
  app.get(
    adminApi.adjustments.pattern,
    { config: staffRoute('cards.read', noBrand), schema: adminSchema({ querystring: adjustmentQuerySchema, response: { 200: adjustmentListSchema } }, 400) },
    async (request) => listAdjustments(deps, staffOf(request), request.query),
  );

  app.post(
    adminApi.approveAdjustment.pattern,
    { config: decide, schema: adminSchema({ params: idParams, body: approveAdjustmentRequestSchema, response: { 200: approveAdjustmentResultSchema } }, 400, 409) },
    async (request) => approveAdjustment(deps, ...staffAndActorOf(request), request.params.id),
  );

  app.post(
    adminApi.rejectAdjustment.pattern,
    { config: decide, schema: adminSchema({ params: idParams, body: rejectAdjustmentRequestSchema, response: { 200: rejectAdjustmentResultSchema } }, 400, 409) },
    async (request) => rejectAdjustment(deps, ...staffAndActorOf(request), request.params.id, request.body.reason),
  );
}
