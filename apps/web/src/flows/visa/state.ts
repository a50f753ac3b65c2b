import { useSyncExternalStore } from 'react';
import type { HolderInformation } from '@tessera/contracts';

/**
 * The VISA flow state (docs/product/common.md#flow-state: cardNumber, securityCode, otcNumber), per
 * brand. It holds the passcode, so it lives in page memory only (never sessionStorage or the
 * URL): a reload starts the step again, as REPLACE does with its security code (decision 010).
 */
export interface VisaCardState {
  /** Digits only. */
  cardNumber: string;
  /** Masked phone number the last code went to. */
  phoneNumber?: string;
  otcNumber?: string;
  /** The passcode (chosen or logged in with). */
  securityCode?: string;
  holder?: HolderInformation;
  /** Account: the passcode was just reset (the overview's success alert). */
  passcodeReset?: boolean;
}

export interface VisaStore {
  get(): VisaCardState | null;
  set(value: VisaCardState | null): void;
  update(patch: Partial<VisaCardState>): void;
  subscribe(listener: () => void): () => void;
}

function createVisaStore(): VisaStore {
  let value: VisaCardState | null = null;
  const listeners = new Set<() => void>();
  const store: VisaStore = {
    get: () => value,
    set(next) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    update(patch) {
      store.set(value ? { ...value, ...patch } : null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

export type VisaPart = 'activation' | 'account' | 'recovery';

const stores = new Map<string, VisaStore>();

/** One store per part of the flow and brand: activation, the logged-in account, recovery. */
export function visaStore(part: VisaPart, slug: string): VisaStore {
  const key = `${part}.${slug}`;
  let store = stores.get(key);
  if (!store) {
    store = createVisaStore();
    stores.set(key, store);
  }
  return store;
}

export function useVisaState(part: VisaPart, slug: string): VisaCardState | null {
  const store = visaStore(part, slug);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Test helper: forget every VISA state. */
export function resetVisaStores(): void {
  stores.clear();
}
