import { identifyRoutes } from '@tessera/contracts';
import { useFlowStore, type FlowStore } from '../../lib/flowState';
import { maskedCardFlowStore, type CardSecret, type MaskedCard } from '../../lib/maskedCard';
import { pageMemory } from '../../lib/pageMemory';
import type { ResultFlow } from '../../components/ResultPage/useResultScreen';

/** Why the registration did not happen; the failed screen says it in its own words. */
export type IdentifyFailure = 'cancelled' | 'alreadyRegistered' | 'failed';

export interface IdentifyState {
  /** The looked-up card, the number masked. */
  card: MaskedCard;
  /**
   * Set once the customer call answered OK. The registered number itself, which the success screen
   * shows in full, is in page memory only (identifyRegistered below).
   */
  registered?: true;
  /** Set when the return from the bank did not end in a registration. */
  failure?: IdentifyFailure;
}

/**
 * The flow's state per brand: memory + sessionStorage, so a reload keeps it (never the URL). It
 * holds no secret (docs/security.md#browser-storage): the card masked. The card number and the
 * security code are in page memory only, below, until the session call binds the card to the
 * identity session (docs/decisions/014, 2026-11-26); after the trip to the bank the page knows only
 * the masked card (the localStorage entry, identityEntry.ts) and then the number the server answers.
 */
export function identifyStore(slug: string): FlowStore<IdentifyState> {
  return maskedCardFlowStore<IdentifyState>('identify', slug);
}

export function useIdentifyState(slug: string): IdentifyState | null {
  return useFlowStore(identifyStore(slug));
}

/** The card's number and security code between the lookup and the trip to the bank, in this page's memory only. */
export const identifySecret = pageMemory<CardSecret>();

/**
 * The registered card's number as the customer call answered it, for the success screen, which
 * shows it in full: in this page's memory only, never in storage. After a reload the success
 * screen shows the card masked.
 */
export const identifyRegistered = pageMemory<string>();

/** Start again / register another card: the held card data goes. */
export function clearIdentify(slug: string): void {
  identifySecret.clear(slug);
  identifyRegistered.clear(slug);
  identifyStore(slug).clear();
}

/** The flow as its result screens see it (components/ResultPage). */
export const identifyResult: ResultFlow<IdentifyState> = {
  useState: useIdentifyState,
  start: identifyRoutes.start.path,
  clear: clearIdentify,
};
