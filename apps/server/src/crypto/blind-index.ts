import { createHmac, type KeyObject } from 'node:crypto';
import { type KeyMaterial, secretKeys } from './secret-keys.js';

/**
 * Keyed blind index: lets the database find a card by its number (or an API key, a session by its
 * id, …) without storing the value. A separate key from the data keys, so leaking one does not
 * weaken the other.
 *
 * Versioned for rotation (docs/decisions/023-index-key-rotation.md): a value indexed under
 * version 1 is the bare HMAC, as before INDEX_KEYS existed, so no stored index had to change; under
 * version n > 1 it is "i{n}." and the HMAC (base64url never holds a dot), so every stored index
 * says which key made it, as a ciphertext's "v{n}." does. At most two versions are configured at
 * once: the current one, which every new index uses, and the previous one, which lookups still
 * try until `tessera keys rotate` has moved every row that can be moved.
 */
export class BlindIndex {
  readonly version: number;
  readonly #keys: ReadonlyMap<number, KeyObject>;
  /** The other configured version, while a rotation is under way. */
  readonly previousVersion: number | undefined;

  constructor(keys: ReadonlyMap<number, KeyMaterial>, current: number) {
    if (!keys.has(current)) throw new Error(`Index key version ${current} is not configured`);
    if (keys.size > 2) throw new Error('At most two index key versions can be configured at once');
    this.#keys = secretKeys(keys);
    this.version = current;
    this.previousVersion = [...keys.keys()].find((v) => v !== current);
  }

  /** The index under the current version: what a new row stores. */
  of(purpose: string, value: string): string {
    return this.under(this.version, purpose, value);
  }

  /** The index under a configured version. */
  under(version: number, purpose: string, value: string): string {
    const key = this.#keys.get(version);
    if (!key) throw new Error(`Index key version ${version} is not configured`);
    const hmac = createHmac('sha256', key).update(`${purpose}\u0000${value}`).digest('base64url');
    return version === 1 ? hmac : `i${version}.${hmac}`;
  }

  /**
   * The indexes a lookup tries: the current version's, then the previous version's while one is
   * configured. Always two entries (the same one twice without a rotation), so a lookup's SQL
   * text, and the work it does, is the same whatever the configuration.
   */
  candidates(purpose: string, value: string): readonly [string, string] {
    const current = this.of(purpose, value);
    return [current, this.previousVersion === undefined ? current : this.under(this.previousVersion, purpose, value)];
  }

  /** Is a stored index under the current version? */
  isCurrent(stored: string): boolean {
    return indexVersionOf(stored) === this.version;
  }
}

/** The version a stored index was made under: "i3.…" → 3, a bare HMAC → 1. */
export function indexVersionOf(stored: string): number {
  const match = /^i(\d+)\./.exec(stored);
  return match ? Number(match[1]) : 1;
}
