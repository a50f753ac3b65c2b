import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';
import { type KeyMaterial, secretKeys } from './secret-keys.js';

export interface SecretHash {
  hash: string;
  pepperVersion: number;
}

/**
 * Secrets (passcodes, security codes, recovery and one-time codes) are short, so a plain hash
 * would fall to brute force from a database dump. HMAC with a pepper the database never sees
 * prevents that; the card id and secret kind bind each hash to its place (no shared hashes).
 */
export class SecretHasher {
  private readonly peppers: ReadonlyMap<number, KeyObject>;

  constructor(
    peppers: ReadonlyMap<number, KeyMaterial>,
    private readonly currentVersion: number,
  ) {
    if (!peppers.has(currentVersion)) throw new Error(`pepper version ${currentVersion} is missing`);
    this.peppers = secretKeys(peppers);
  }

  /** The pepper version new hashes are made with. */
  get pepperVersion(): number {
    return this.currentVersion;
  }

  private digest(version: number, cardId: string, kind: string, secret: string): Buffer | null {
    const pepper = this.peppers.get(version);
    if (!pepper) return null;
    return createHmac('sha256', pepper).update(`${cardId}\u0000${kind}\u0000${secret}`).digest();
  }

  hash(cardId: string, kind: string, secret: string): SecretHash {
    return {
      hash: this.digest(this.currentVersion, cardId, kind, secret)!.toString('base64url'),
      pepperVersion: this.currentVersion,
    };
  }

  /**
   * The work of a verify that cannot match: for a card that is not there, so that answering it
   * takes as long as checking a wrong secret of a real one (an HMAC under the current pepper and a
   * constant-time comparison).
   */
  spendVerify(kind: string, secret: string): false {
    const candidate = this.digest(this.currentVersion, '', kind, secret)!;
    timingSafeEqual(candidate, Buffer.alloc(candidate.length));
    return false;
  }

  /** Constant-time comparison; a hash under an unknown pepper version never matches. */
  verify(stored: SecretHash, cardId: string, kind: string, secret: string): boolean {
    const candidate = this.digest(stored.pepperVersion, cardId, kind, secret);
    const expected = Buffer.from(stored.hash, 'base64url');
    if (!candidate || candidate.length !== expected.length) return false;
    return timingSafeEqual(candidate, expected);
  }
}
