import {
  adminApi,
  heldPayoutListSchema,
  payoutListQuerySchema,
  rejectPayoutRequestSchema,
  rejectPayoutResultSchema,
  releasePayoutRequestSchema,
  releasePayoutResultSchema,
} from '@tessera/contracts/admin';
import { brandCodeOfPayout } from '../../db/repositories/payouts.js';
import type { ServiceDeps } from '../../deps.js';
import type { App } from '../../http/route-types.js';
import { brandOfResource, noBrand, staffAndActorOf, staffOf, staffRoute } from '../admin-route.js';
import { adminSchema, idParams } from '../route-schema.js';
import { listHeldPayoutsForStaff } from './held-payouts.js';
import { rejectHeldPayout, releaseHeldPayout } from './review-payout.js';


/**
 * Finance's review of held payouts (docs/back-office.md, "Payouts held for review"): the list,
 * release and rejection. The payout's brand comes from its id (the guard answers NOT_FOUND for one
 * outside the caller's brands, as for an unknown one); each route calls one service.
 */
export async function adminPayoutRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const review = staffRoute('payouts.review', brandOfResource('payout', (id) => brandCodeOfPayout(deps.db, id)));

  app.get(
    adminApi.payouts.pattern,
    { config: staffRoute('payouts.review', noBrand), schema: adminSchema({ querystring: payoutListQuerySchema, response: { 200: heldPayoutListSchema } }, 400) },
    async (request) => listHeldPayoutsForStaff(deps, staffOf(request)),
  );

  app.post(
    adminApi.releasePayout.pattern,
    { config: review, schema: adminSchema({ params: idParams, body: releasePayoutRequestSchema, response: { 200: releasePayoutResultSchema } }, 400, 409) },
    async (request) => releaseHeldPayout(deps, ...staffAndActorOf(request), request.params.id, request.body),
  );

  app.post(
    adminApi.rejectPayout.pattern,
    { config: review, schema: adminSchema({ params: idParams, body: rejectPayoutRequestSchema, response: { 200: rejectPayoutResultSchema } }, 400, 409) },
    async (request) => rejectHeldPayout(deps, ...staffAndActorOf(request), request.params.id, request.body),
  );
}
