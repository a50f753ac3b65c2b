import { useSyncExternalStore } from 'react';

/**
 * A flow's state (docs/product/common.md#flow-state): kept in memory and mirrored to sessionStorage
 * so a reload of the tab keeps it, while closing the tab forgets it. Never in the URL.
 */
export interface FlowStore<T> {
  get(): T | null;
  set(value: T | null): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * `isValid`: what a value read back from sessionStorage must look like; anything else (say, what
 * an earlier version of the web app stored there) is removed and reads as no state.
 */
export function createFlowStore<T>(storageKey: string, isValid?: (value: unknown) => boolean): FlowStore<T> {
  let loaded = false;
  let value: T | null = null;
  const listeners = new Set<() => void>();

  const read = (): T | null => {
    if (!loaded) {
      loaded = true;
      try {
        const raw = window.sessionStorage.getItem(storageKey);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        if (parsed !== null && isValid && !isValid(parsed)) {
          window.sessionStorage.removeItem(storageKey);
          value = null;
        } else {
          value = parsed as T | null;
        }
      } catch {
        value = null;
      }
    }
    return value;
  };

  const store: FlowStore<T> = {
    get: read,
    set(next) {
      loaded = true;
      value = next;
      try {
        if (next === null) window.sessionStorage.removeItem(storageKey);
        else window.sessionStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        /* storage full or blocked: memory still holds it for this page */
      }
      listeners.forEach((listener) => listener());
    },
    clear() {
      store.set(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** Keyed stores, one per flow and brand, created on first use. */
const stores = new Map<string, FlowStore<unknown>>();
export function flowStore<T>(flow: string, slug: string, isValid?: (value: unknown) => boolean): FlowStore<T> {
  const key = `tessera.${flow}.${slug}`;
  let store = stores.get(key);
  if (!store) {
    store = createFlowStore<unknown>(key, isValid);
    stores.set(key, store);
  }
  return store as FlowStore<T>;
}

/** Test helper: forget every in-memory store (sessionStorage is cleared by the test itself). */
export function resetFlowStores(): void {
  stores.clear();
}

/** No state while a server-rendered page hydrates (the server has none); the stored one right after. */
const noServerState = () => null;

export function useFlowStore<T>(store: FlowStore<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.get, noServerState);
}
