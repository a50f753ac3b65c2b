import { DataCipher } from './data-cipher.js';
import type { KeyMaterial } from './secret-keys.js';
import { PURPOSE } from './purpose.js';

/**
 * Visa PINs, sealed under PIN_KEYS (ciphertext "p{version}.…"), never under DATA_KEYS: whoever
 * holds the data key (card numbers, holder data, outbox) still cannot read a PIN.
 *
 * PINs sealed before PIN_KEYS existed are "v{version}.…" under DATA_KEYS. They stay readable
 * (open) until re-sealed: main.ts re-seals them all at every start (cards/reseal-pins.ts), which
 * finds none once done; until then, and for a PIN an older build sealed meanwhile, open() reads
 * the prefix to pick the keyring.
 */
export class PinCipher {
  readonly #pins: DataCipher;
  readonly #legacy: DataCipher;

  constructor(pinKeys: ReadonlyMap<number, KeyMaterial>, pinKeyCurrent: number, dataKeys: DataCipher) {
    this.#pins = new DataCipher(pinKeys, pinKeyCurrent, 'p');
    this.#legacy = dataKeys;
  }

  /** The PIN_KEYS version new PINs are sealed with. */
  get keyVersion(): number {
    return this.#pins.keyVersion;
  }

  seal(pin: string): string {
    return this.#pins.encrypt(pin, PURPOSE.visaPin);
  }

  open(sealed: string): string {
    if (this.#pins.seals(sealed)) return this.#pins.decrypt(sealed, PURPOSE.visaPin);
    if (this.#legacy.seals(sealed)) return this.#legacy.decrypt(sealed, PURPOSE.visaPin);
    throw new Error('ciphertext has an unknown key version or format');
  }

  /** A PIN still sealed under DATA_KEYS: to be re-sealed. */
  isUnderDataKeys(sealed: string): boolean {
    return this.#legacy.seals(sealed);
  }
}
