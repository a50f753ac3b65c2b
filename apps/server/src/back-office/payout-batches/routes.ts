import {
  adminApi,
  PAYOUT_SETTLEMENTS,
  type PayoutSettlement,
  payoutBatchListSchema,
  payoutBatchRequestSchema,
  payoutBatchSchema,
  payoutSettlementRequestSchema,
  payoutSettlementSchema,
} from '@tessera/contracts/admin';
import { brandCodeOfPayout, brandCodesOfBatch } from '../../db/repositories/payouts.js';
import type { ServiceDeps } from '../../deps.js';
import type { App } from '../../http/route-types.js';
import { brandFromBody, brandOfResource, noBrand, staffAndActorOf, staffOf, staffRoute } from '../admin-route.js';
import { adminSchema, idParams } from '../route-schema.js';
import { batchFileForStaff, exportBatchForStaff, settlePayoutForStaff } from './batch-actions.js';
import { listBatchesForStaff, readBatchForStaff } from './payout-batches.js';


/**
 * Payout batches in the back office (docs/back-office.md, "Payout batches"): finance and admins
 * export a brand's pending payouts into a SEPA file, download a batch's file again, and record
 * what the bank did with each payout. Each route declares `payouts.review` and its brand: the body's
 * brand, the brands of the batch's payouts, or the payout's brand; each calls one service, which
 * runs the same payout service as the operator's `tessera payouts` commands.
 */
export async function adminPayoutBatchRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const batchBrands = brandOfResource('payout-batch', (id) => brandCodesOfBatch(deps.db, id));
  const payoutBrand = brandOfResource('payout', (id) => brandCodeOfPayout(deps.db, id));

  app.get(adminApi.payoutBatches.pattern, { config: staffRoute('payouts.review', noBrand), schema: adminSchema({ response: { 200: payoutBatchListSchema } }) }, async (request) =>
    listBatchesForStaff(deps.db, staffOf(request)),
  );

  app.post(
    adminApi.payoutBatches.pattern,
    { config: staffRoute('payouts.review', brandFromBody('brand')), schema: adminSchema({ body: payoutBatchRequestSchema, response: { 201: payoutBatchSchema } }, 400, 409, 503) },
    async (request, reply) => reply.code(201).send(await exportBatchForStaff(deps, ...staffAndActorOf(request), request.body)),
  );

  app.get(
    adminApi.payoutBatch.pattern,
    { config: staffRoute('payouts.review', batchBrands), schema: adminSchema({ params: idParams, response: { 200: payoutBatchSchema } }, 400) },
    async (request) => readBatchForStaff(deps.db, staffOf(request), request.params.id),
  );

  app.get(
    adminApi.payoutBatchFile.pattern,
    // No response schema: the answer is the XML file itself, not JSON (errors are {code, message} as everywhere).
    { config: staffRoute('payouts.review', batchBrands), schema: { hide: true, params: idParams } },
    async (request, reply) => {
      const file = await batchFileForStaff(deps, ...staffAndActorOf(request), request.params.id);
      // Names and full IBANs: kept by no cache, saved by the browser as the batch's file.
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.xml);
    },
  );

  const SETTLE_PATHS: Record<PayoutSettlement, string> = {
    paid: adminApi.markPayoutPaid.pattern,
    failed: adminApi.markPayoutFailed.pattern,
    returned: adminApi.returnPayout.pattern,
  };
  for (const settlement of PAYOUT_SETTLEMENTS) {
    app.post(
      SETTLE_PATHS[settlement],
      {
        config: staffRoute('payouts.review', payoutBrand),
        schema: adminSchema({ params: idParams, body: payoutSettlementRequestSchema, response: { 200: payoutSettlementSchema } }, 400, 409),
      },
      async (request) => settlePayoutForStaff(deps, ...staffAndActorOf(request), request.params.id, settlement),
    );
  }
}
