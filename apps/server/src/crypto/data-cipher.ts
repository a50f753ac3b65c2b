import { createCipheriv, createDecipheriv, type KeyObject, randomFillSync } from 'node:crypto';
import { type KeyMaterial, secretKeys } from './secret-keys.js';

/**
 * Random IVs are drawn from the system's CSPRNG 4 KB at a time and handed out 12 bytes each: a
 * randomBytes(12) per value cost more than the encryption (5 µs of the card import's 7 µs per
 * number, decision 026). Every IV is still fresh random bytes, used once.
 */
const IV_POOL = 12 * 341;
let ivPool = Buffer.alloc(0);
let ivOffset = IV_POOL;

function freshIv(): Buffer {
  if (ivOffset + 12 > ivPool.length) {
    ivPool = randomFillSync(Buffer.allocUnsafe(IV_POOL));
    ivOffset = 0;
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + 12);
  ivOffset += 12;
  return iv;
}

/**
 * AES-256-GCM with versioned keys. A ciphertext is "{prefix}{version}.{iv}.{tag}.{data}" (base64url
 * parts): it names the key that sealed it, so keys can rotate while old rows stay readable. The
 * prefix names the keyring: "v" for DATA_KEYS, "p" for PIN_KEYS (pin-cipher.ts), so a PIN's
 * ciphertext says which of the two sealed it.
 * The associated data binds a ciphertext to its purpose (e.g. "card-number"), so a value copied
 * into another column does not decrypt there.
 */
export class DataCipher {
  private readonly keys: ReadonlyMap<number, KeyObject>;

  constructor(
    keys: ReadonlyMap<number, KeyMaterial>,
    private readonly currentVersion: number,
    private readonly prefix: 'v' | 'p' = 'v',
  ) {
    if (!keys.has(currentVersion)) throw new Error(`key version ${currentVersion} is missing`);
    this.keys = secretKeys(keys);
  }

  get keyVersion(): number {
    return this.currentVersion;
  }

  /** Whether this keyring sealed `sealed` (its prefix), whichever version. */
  seals(sealed: string): boolean {
    return new RegExp(`^${this.prefix}\\d+\\.`).test(sealed);
  }

  encrypt(plaintext: string, purpose: string): string {
    const iv = freshIv();
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentVersion)!, iv);
    cipher.setAAD(Buffer.from(purpose));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [this.prefix + this.currentVersion, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
  }

  decrypt(sealed: string, purpose: string): string {
    const [versionPart, ivPart, tagPart, dataPart] = sealed.split('.');
    const version = Number(versionPart?.slice(1));
    const key = this.keys.get(version);
    if (!versionPart?.startsWith(this.prefix) || !key || ivPart === undefined || tagPart === undefined || dataPart === undefined) {
      throw new Error('ciphertext has an unknown key version or format');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivPart, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tagPart, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(dataPart, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The key version a ciphertext was sealed with, for re-encryption jobs. */
  static versionOf(sealed: string): number {
    return Number(sealed.split('.')[0]?.slice(1));
  }
}
