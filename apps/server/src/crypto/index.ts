import { BlindIndex } from './blind-index.js';
import { DataCipher } from './data-cipher.js';
import type { Keyring } from './keyring.js';
import { SecretHasher } from './secret-hasher.js';

export interface Crypto {
  cipher: DataCipher;
  blindIndex: BlindIndex;
  secrets: SecretHasher;
}

export function createCrypto(keyring: Keyring): Crypto {
  return {
    cipher: new DataCipher(keyring.dataKeys, keyring.dataKeyCurrent),
    blindIndex: new BlindIndex(keyring.indexKey),
    secrets: new SecretHasher(keyring.secretPeppers, keyring.secretPepperCurrent),
  };
}

/** Purposes bound into ciphertexts and blind indexes. */
export const PURPOSE = {
  cardNumber: 'card-number',
  visaHolder: 'visa-holder',
  visaPin: 'visa-pin',
  outboxMessage: 'outbox-message',
  localMailbox: 'local-mailbox',
  replacementEmail: 'replacement-email',
  /** The keyed hash (blind index) of a PIN frame key. */
  pinFrameKey: 'pin-frame-key',
  payoutName: 'payout-name',
  payoutIban: 'payout-iban',
  /** Identity sessions (docs/decisions/014): blind indexes of the OIDC state, the sessionId and the subject. */
  identityState: 'identity-state',
  identitySession: 'identity-session',
  identitySubject: 'identity-subject',
  /** Encrypted: the session's nonce and PKCE verifier; the verified identity. */
  identityRequest: 'identity-request',
  identity: 'identity',
  /** Encrypted: the IBAN a PAYOUT session call bound to its session (migration 008). */
  identityIban: 'identity-iban',
} as const;
