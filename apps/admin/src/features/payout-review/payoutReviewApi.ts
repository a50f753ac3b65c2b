import { queryOptions } from '@tanstack/react-query';
import {
  adminApi,
  heldPayoutListSchema,
  rejectPayoutResultSchema,
  releasePayoutResultSchema,
} from '@tessera/contracts/admin';
import { callApi } from '../../lib/http';

export const heldPayoutsQuery = queryOptions({
  queryKey: ['payouts', 'held'],
  queryFn: () => callApi(adminApi.payouts.build({}, { status: 'held' }), heldPayoutListSchema),
});

export const releasePayout = (id: string, body: { note?: string }) => callApi(adminApi.releasePayout.build({ id }), releasePayoutResultSchema, { method: 'POST', body });
export const rejectPayout = (id: string, body: { reason: string; fraud: boolean }) => callApi(adminApi.rejectPayout.build({ id }), rejectPayoutResultSchema, { method: 'POST', body });
