import { identifyRoutes, type GiftCard } from '@tessera/contracts';
import { flowStore, useFlowStore, type FlowStore } from '../../lib/flowState';
import type { ResultFlow } from '../../components/ResultPage/useResultScreen';

/** Why the registration did not happen; the failed screen says it in its own words. */
export type IdentifyFailure = 'cancelled' | 'alreadyRegistered' | 'failed';

export interface IdentifyState {
  /** The looked-up card. */
  card: GiftCard;
  /** Set once the customer call answered OK: the registered card number, as the server answered it. */
  registeredCardNumber?: string;
  /** Set when the return from the bank did not end in a registration. */
  failure?: IdentifyFailure;
}

/**
 * The flow's state per brand: memory + sessionStorage, so a reload keeps it (never the URL). It
 * holds no secret; the security code is in page memory only, below, and crosses the trip to the
 * bank in the spec's localStorage entry (identityEntry.ts).
 */
export function identifyStore(slug: string): FlowStore<IdentifyState> {
  return flowStore<IdentifyState>('identify', slug);
}

export function useIdentifyState(slug: string): IdentifyState | null {
  return useFlowStore(identifyStore(slug));
}

const securityCodes = new Map<string, string>();

/** The card's security code between the lookup and the trip to the bank, in this page's memory only. */
export const identifySecret = {
  get: (slug: string): string | null => securityCodes.get(slug) ?? null,
  set: (slug: string, code: string) => void securityCodes.set(slug, code),
  clear: (slug: string) => void securityCodes.delete(slug),
  /** Tests: forget every brand's code. */
  clearAll: () => securityCodes.clear(),
};

/** Start again / register another card: the held card data goes. */
export function clearIdentify(slug: string): void {
  identifySecret.clear(slug);
  identifyStore(slug).clear();
}

/** The flow as its result screens see it (components/ResultPage). */
export const identifyResult: ResultFlow<IdentifyState> = {
  useState: useIdentifyState,
  start: identifyRoutes.start.path,
  clear: clearIdentify,
};
