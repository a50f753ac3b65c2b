import type { Db } from '../db/database.js';
import { findBrandByIdentifier, listBrandFlows } from '../db/repositories/brands.js';
import type { BrandWithFlows } from './brand-gate.js';

/**
 * How long a brand (with its flows, and what is derived from them such as the theme) is served
 * from memory before it is read again. The operator's CLI changes brands from another process, so
 * no in-process signal reaches the server: every server process shows such a change within this
 * bound (docs/decisions/004-performance.md).
 */
export const BRAND_CACHE_TTL_MS = 2000;

/** Case variants of an identifier are separate keys; the map never grows beyond this. */
const MAX_ENTRIES = 512;

interface Entry {
  expiresAt: number;
  /** One read shared by every request that asks while it runs. */
  brand: Promise<BrandWithFlows | undefined>;
  derived: Map<string, Promise<unknown>>;
}

/**
 * Brands by identifier (slug or code, either case), for the per-request brand checks of every
 * call. An entry is keyed by exactly what the database query uses (the lower-case slug and the
 * upper-case code), so an answer is always the one the query would give for that identifier, and
 * never another brand's. Unknown identifiers are not remembered: a new brand shows at once, and
 * made-up identifiers cannot fill the memory.
 */
export class BrandCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number = BRAND_CACHE_TTL_MS,
    private readonly clock: () => number = () => performance.now(),
    /**
     * Flows this deployment cannot serve whatever a brand says (PAYOUT and IDENTIFY without an
     * identity provider): read as not available, so the theme, the lookups and every call agree.
     */
    private readonly unservedFlows: readonly string[] = [],
  ) {}

  #entry(identifier: string): Entry | undefined {
    const key = `${identifier.toLowerCase()}\u0000${identifier.toUpperCase()}`;
    const now = this.clock();
    const cached = this.#entries.get(key);
    if (cached && cached.expiresAt > now) return cached;
    if (cached) this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const entry: Entry = { expiresAt: now + this.ttlMs, brand: this.#load(identifier), derived: new Map() };
    this.#entries.set(key, entry);
    entry.brand.then(
      (found) => {
        if (!found && this.#entries.get(key) === entry) this.#entries.delete(key);
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return entry;
  }

  async #load(identifier: string): Promise<BrandWithFlows | undefined> {
    const brand = await findBrandByIdentifier(this.db, identifier);
    if (!brand) return undefined;
    const flows = await listBrandFlows(this.db, brand.id);
    return { brand, flows: flows.map((f) => (this.unservedFlows.includes(f.flow_code) ? { ...f, is_available: 0 } : f)) };
  }

  /** The brand an identifier names, with its flows, as stored at most ttlMs ago. */
  find(identifier: string): Promise<BrandWithFlows | undefined> {
    return this.#entry(identifier)!.brand;
  }

  /**
   * A value computed from the brand (the theme, say), kept as long as the brand itself; `compute`
   * runs at most once per entry. Failures are not kept.
   */
  async derive<T>(identifier: string, name: string, compute: (brand: BrandWithFlows) => Promise<T>): Promise<T | undefined> {
    const entry = this.#entry(identifier)!;
    const brand = await entry.brand;
    if (!brand) return undefined;
    let value = entry.derived.get(name) as Promise<T> | undefined;
    if (!value) {
      value = compute(brand);
      entry.derived.set(name, value);
      value.catch(() => entry.derived.delete(name));
    }
    return value;
  }

  /** Forgets everything, for a change made in this process (tests, a future admin API). */
  clear(): void {
    this.#entries.clear();
  }
}
