import type { GiftCard } from '@tessera/contracts';
import { flowStore, useFlowStore, type FlowStore } from '../../lib/flowState';

/** The looked-up card, per brand: memory + sessionStorage, so a reload keeps it (never the URL). */
export function balanceStore(slug: string): FlowStore<GiftCard> {
  return flowStore<GiftCard>('balance', slug);
}

export function useBalanceCard(slug: string): GiftCard | null {
  return useFlowStore(balanceStore(slug));
}
