import { queryOptions } from '@tanstack/react-query';
import {
  adminApi,
  payoutBatchListSchema,
  payoutBatchSchema,
  payoutSettlementSchema,
  type PayoutBatchRequest,
  type PayoutSettlement,
} from '@tessera/contracts/admin';
import { ApiError, callApi } from '../../lib/http';

export const batchesQuery = queryOptions({
  queryKey: ['payout-batches'],
  queryFn: () => callApi(adminApi.payoutBatches.build(), payoutBatchListSchema),
});

export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: ['payout-batches', id],
    queryFn: () => callApi(adminApi.payoutBatch.build({ id }), payoutBatchSchema),
  });

export const exportBatch = (request: PayoutBatchRequest) => callApi(adminApi.payoutBatches.build(), payoutBatchSchema, { method: 'POST', body: request });

const SETTLE_PATH = {
  paid: adminApi.markPayoutPaid,
  failed: adminApi.markPayoutFailed,
  returned: adminApi.returnPayout,
} as const;

export const settlePayout = (id: string, settlement: PayoutSettlement) => callApi(SETTLE_PATH[settlement].build({ id }), payoutSettlementSchema, { method: 'POST', body: {} });

/**
 * The batch's file, fetched rather than linked: a refusal (409 when the file cannot be made again
 * as it was) is then shown on the page instead of being saved as the file. The browser saves it
 * under the batch's name; the object URL is let go once the download has started.
 */
export async function downloadBatchFile(id: string): Promise<void> {
  const response = await fetch(adminApi.payoutBatchFile.build({ id }), { credentials: 'same-origin', headers: { accept: 'application/xml, application/json' } });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${id}.xml`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
