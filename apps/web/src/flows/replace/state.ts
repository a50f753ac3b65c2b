import type { GiftCard } from '@tessera/contracts';
import { pageMemory } from '../../lib/pageMemory';
import { flowStore, useFlowStore, type FlowStore } from '../../lib/flowState';

export interface ReplaceState {
  /** The looked-up card, as the lookup answered it. */
  card: GiftCard;
  /** Set once the replacement is done: the address the new card went to. */
  sentTo?: string;
}

/**
 * The flow's state per brand: memory + sessionStorage, so a reload keeps it (never the URL).
 * It holds no secret; the security code the replacement needs is kept in memory only, below.
 */
export function replaceStore(slug: string): FlowStore<ReplaceState> {
  return flowStore<ReplaceState>('replace', slug);
}

export function useReplaceState(slug: string): ReplaceState | null {
  return useFlowStore(replaceStore(slug));
}

/**
 * The card's security code, between the lookup and the replacement call, in this page's memory
 * only: it never reaches web storage. A reload of the e-mail screen therefore starts again.
 */
export const replaceSecret = pageMemory<string>();
