import { createSecretKey, KeyObject } from 'node:crypto';

/** A key as the keyring holds it (bytes) or as a worker thread receives it (a KeyObject). */
export type KeyMaterial = Buffer | KeyObject;

/**
 * The keys as KeyObjects, made once. On Node 24 createHmac and createCipheriv given a Buffer
 * spend most of their time finding out that it is not a KeyObject (about 70 µs a call on this
 * machine under load against 2-14 µs for a KeyObject, in a profile mostly getKeyObjectSlots;
 * decision 026): a blind index or a security code check is a keyed HMAC on every lookup, and a
 * card import makes three keyed calls a card. A KeyObject also keeps the key's bytes out of the
 * JavaScript heap, and crosses to a worker thread as a KeyObject (crypto/sealing-keys.ts).
 */
export function secretKeys(keys: ReadonlyMap<number, KeyMaterial>): ReadonlyMap<number, KeyObject> {
  return new Map([...keys].map(([version, key]) => [version, key instanceof KeyObject ? key : createSecretKey(key)]));
}
