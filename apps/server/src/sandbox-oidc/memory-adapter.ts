import type { Adapter, AdapterPayload } from 'oidc-provider';

/** Entries of all models together: a sandbox used by a handful of testers never comes near it. */
const MAX_ENTRIES = 5000;

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds, or Infinity. */
  expiresAt: number;
}

/**
 * The sandbox's storage of codes, sessions, interactions and grants: in this process's memory,
 * one store per provider (per app), bounded, lost on restart. oidc-provider's own memory adapter
 * does the same but is internal to the package and warns on every start; the sandbox keeps its
 * state in memory by design (docs/decisions/014), so it says so here instead.
 */
export function createMemoryAdapter(): (model: string) => Adapter {
  const store = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry;
  };

  const makeRoom = () => {
    if (store.size < MAX_ENTRIES) return;
    const now = Date.now();
    for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key);
    // Still full: the oldest entries go (a Map iterates in insertion order).
    for (const key of store.keys()) {
      if (store.size < MAX_ENTRIES) break;
      store.delete(key);
    }
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [k, entry] of store) {
        if (k.startsWith(`${model}:`) && entry.payload[field] === value) return live(k)?.payload;
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        makeRoom();
        store.delete(key(id));
        store.set(key(id), { payload, expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity });
      },
      async find(id) {
        return live(key(id))?.payload;
      },
      async findByUid(uid) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode);
      },
      async consume(id) {
        const entry = live(key(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, entry] of store) if (entry.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}
