import { BlindIndex } from './blind-index.js';
import { DataCipher } from './data-cipher.js';
import type { Keyring } from './keyring.js';
import { PinCipher } from './pin-cipher.js';
import { SecretHasher } from './secret-hasher.js';

export interface Crypto {
  /** DATA_KEYS: card numbers, holder data, the outbox, payout and identity data. */
  cipher: DataCipher;
  /** PIN_KEYS: Visa PINs only. */
  pins: PinCipher;
  /** INDEX_KEYS: card numbers, API keys, session ids and other values found by a keyed hash. */
  blindIndex: BlindIndex;
  secrets: SecretHasher;
}

export function createCrypto(keyring: Keyring): Crypto {
  const cipher = new DataCipher(keyring.dataKeys, keyring.dataKeyCurrent);
  return {
    cipher,
    pins: new PinCipher(keyring.pinKeys, keyring.pinKeyCurrent, cipher),
    blindIndex: new BlindIndex(keyring.indexKeys, keyring.indexKeyCurrent),
    secrets: new SecretHasher(keyring.secretPeppers, keyring.secretPepperCurrent),
  };
}

export { PURPOSE } from './purpose.js';
export { indexVersionOf } from './blind-index.js';
