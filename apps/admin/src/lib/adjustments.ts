import { queryOptions } from '@tanstack/react-query';
import {
  adjustmentListSchema,
  adjustmentSchema,
  adminApi,
  approveAdjustmentResultSchema,
  rejectAdjustmentResultSchema,
  type AdjustmentFilter,
  type AdjustmentRequest,
} from '@tessera/contracts/admin';
import { callApi } from './http';

/*
 * The calls of balance adjustments under four eyes: the card page proposes and lists a card's,
 * the adjustments page lists the queue and decides. Every list is under ['adjustments'], so a
 * proposal or decision fetches them all again.
 */

export const ADJUSTMENTS_KEY = ['adjustments'] as const;

export const adjustmentsQuery = (filter: { status: AdjustmentFilter; card?: string }) =>
  queryOptions({
    queryKey: [...ADJUSTMENTS_KEY, filter.status, filter.card ?? null],
    queryFn: () => callApi(adminApi.adjustments.build({}, { status: filter.status, ...(filter.card !== undefined && { card: filter.card }) }), adjustmentListSchema),
  });

export const proposeAdjustment = (cardId: string, body: AdjustmentRequest) => callApi(adminApi.proposeAdjustment.build({ id: cardId }), adjustmentSchema, { method: 'POST', body });
export const approveAdjustment = (id: string) => callApi(adminApi.approveAdjustment.build({ id }), approveAdjustmentResultSchema, { method: 'POST', body: {} });
export const rejectAdjustment = (id: string, reason: string) => callApi(adminApi.rejectAdjustment.build({ id }), rejectAdjustmentResultSchema, { method: 'POST', body: { reason } });
