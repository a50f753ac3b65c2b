import type { GiftCard } from '@tessera/contracts';
import { flowStore, useFlowStore, type FlowStore } from '../../lib/flowState';

/**
 * The card the recovery call answered, per brand: memory + sessionStorage, so a reload of the
 * success screen keeps it (never the URL). It holds no secret: the new code is not kept.
 */
export function resetStore(slug: string): FlowStore<GiftCard> {
  return flowStore<GiftCard>('reset', slug);
}

export function useResetCard(slug: string): GiftCard | null {
  return useFlowStore(resetStore(slug));
}
