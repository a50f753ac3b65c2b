import type { GiftCard } from '@tessera/contracts';
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
const securityCodes = new Map<string, string>();

export const replaceSecret = {
  get: (slug: string): string | null => securityCodes.get(slug) ?? null,
  set: (slug: string, code: string) => void securityCodes.set(slug, code),
  clear: (slug: string) => void securityCodes.delete(slug),
  /** Tests: forget every brand's code. */
  clearAll: () => securityCodes.clear(),
};
