import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index.js';
import { BlindIndex, indexVersionOf } from '../../src/crypto/blind-index.js';
import { DataCipher } from '../../src/crypto/data-cipher.js';
import { loadKeyring } from '../../src/crypto/keyring.js';
import { PinCipher } from '../../src/crypto/pin-cipher.js';
import { SecretHasher } from '../../src/crypto/secret-hasher.js';
import { productionEnv } from '../helpers/config.js';

const k = () => randomBytes(32);

describe('DataCipher', () => {
  it('round-trips, records the key version and decrypts after rotation', () => {
    const v1 = k();
    const old = new DataCipher(new Map([[1, v1]]), 1);
    const sealed = old.encrypt('4000000000000000010', 'card-number');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('4000000000000000010');
    const rotated = new DataCipher(new Map([[1, v1], [2, k()]]), 2);
    expect(rotated.decrypt(sealed, 'card-number')).toBe('4000000000000000010');
    expect(rotated.encrypt('x', 'p')).toMatch(/^v2\./);
    expect(DataCipher.versionOf(sealed)).toBe(1);
  });

  it('refuses a ciphertext used for another purpose, tampered with or under an unknown key', () => {
    const cipher = new DataCipher(new Map([[1, k()]]), 1);
    const sealed = cipher.encrypt('secret', 'visa-pin');
    expect(() => cipher.decrypt(sealed, 'card-number')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'visa-pin')).toThrow();
    expect(() => cipher.decrypt(sealed.replace(/^v1/, 'v9'), 'visa-pin')).toThrow();
  });
});

describe('PinCipher', () => {
  it('seals under the PIN keys ("p…"), which the data keys do not open', () => {
    const dataKey = k();
    const data = new DataCipher(new Map([[1, dataKey]]), 1);
    const pins = new PinCipher(new Map([[1, k()]]), 1, data);
    const sealed = pins.seal('2468');
    expect(sealed).toMatch(/^p1\./);
    expect(pins.open(sealed)).toBe('2468');
    expect(pins.isUnderDataKeys(sealed)).toBe(false);
    // Not by its prefix alone: the data key's AES-GCM does not open the bytes either.
    expect(() => data.decrypt(sealed, 'visa-pin')).toThrow();
    expect(() => new DataCipher(new Map([[1, dataKey]]), 1, 'p').decrypt(sealed, 'visa-pin')).toThrow();
  });

  it('opens a PIN sealed under the data keys before PIN_KEYS existed, and says it is one', () => {
    const data = new DataCipher(new Map([[1, k()]]), 1);
    const old = data.encrypt('1357', 'visa-pin');
    const pins = new PinCipher(new Map([[1, k()]]), 1, data);
    expect(pins.isUnderDataKeys(old)).toBe(true);
    expect(pins.open(old)).toBe('1357');
    // A data-key ciphertext of another purpose is no PIN.
    expect(() => pins.open(data.encrypt('1357', 'card-number'))).toThrow();
    expect(() => pins.open('x1.a.b.c')).toThrow();
  });

  it('reads PINs of every PIN key version after rotation', () => {
    const data = new DataCipher(new Map([[1, k()]]), 1);
    const p1 = k();
    const sealed = new PinCipher(new Map([[1, p1]]), 1, data).seal('9017');
    const rotated = new PinCipher(new Map([[1, p1], [2, k()]]), 2, data);
    expect(rotated.open(sealed)).toBe('9017');
    expect(rotated.seal('9017')).toMatch(/^p2\./);
  });
});

describe('SecretHasher and BlindIndex', () => {
  it('verifies the right secret only, per card and kind, across pepper versions', () => {
    const p1 = k();
    const hasher = new SecretHasher(new Map([[1, p1]]), 1);
    const stored = hasher.hash('card-a', 'security_code', '482913');
    expect(stored.pepperVersion).toBe(1);
    expect(hasher.verify(stored, 'card-a', 'security_code', '482913')).toBe(true);
    expect(hasher.verify(stored, 'card-a', 'security_code', '482914')).toBe(false);
    expect(hasher.verify(stored, 'card-b', 'security_code', '482913')).toBe(false);
    expect(hasher.verify(stored, 'card-a', 'passcode', '482913')).toBe(false);
    const newer = new SecretHasher(new Map([[1, p1], [2, k()]]), 2);
    expect(newer.verify(stored, 'card-a', 'security_code', '482913')).toBe(true);
    expect(newer.hash('card-a', 'security_code', '482913').pepperVersion).toBe(2);
  });

  it('gives a stable index that depends on the key', () => {
    const key = k();
    const one = (key: Buffer) => new BlindIndex(new Map([[1, key]]), 1);
    expect(one(key).of('card-number', '123')).toBe(one(key).of('card-number', '123'));
    expect(one(key).of('card-number', '123')).not.toBe(one(k()).of('card-number', '123'));
  });

  it('names the key version in every index but version 1 (stored before versions existed), and looks up under both while rotating', () => {
    const [k1, k2] = [k(), k()];
    const before = new BlindIndex(new Map([[1, k1]]), 1);
    const rotating = new BlindIndex(new Map([[1, k1], [2, k2]]), 2);
    const after = new BlindIndex(new Map([[2, k2]]), 2);
    const v1 = before.of('card-number', '123');
    expect(v1).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(indexVersionOf(v1)).toBe(1);
    const v2 = rotating.of('card-number', '123');
    expect(v2).toMatch(/^i2\.[A-Za-z0-9_-]{43}$/);
    expect(indexVersionOf(v2)).toBe(2);
    expect(after.of('card-number', '123')).toBe(v2);
    expect(rotating.candidates('card-number', '123')).toEqual([v2, v1]);
    expect(before.candidates('card-number', '123')).toEqual([v1, v1]);
    expect(rotating.isCurrent(v1)).toBe(false);
    expect(rotating.isCurrent(v2)).toBe(true);
    expect(() => new BlindIndex(new Map([[1, k1], [2, k2], [3, k()]]), 3)).toThrow(/two/);
  });
});

describe('keyring', () => {
  it('creates a demo keys file with mode 0600 and reads the same keys after a restart', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-keys-'));
    try {
      const config = parseConfig({ DATABASE_URL: `file:${path.join(dir, 'db.sqlite')}` });
      expect(config.keysFile).toBe(path.join(dir, 'tessera.keys.json'));
      const first = loadKeyring(config);
      expect(statSync(config.keysFile).mode & 0o777).toBe(0o600);
      const second = loadKeyring(config);
      expect(second.indexKeys.get(1)?.equals(first.indexKeys.get(1)!)).toBe(true);
      expect(second.dataKeys.get(1)?.equals(first.dataKeys.get(1)!)).toBe(true);
      expect(second.pinKeys.get(1)?.equals(first.pinKeys.get(1)!)).toBe(true);
      expect(first.pinKeys.get(1)?.equals(first.dataKeys.get(1)!)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('adds PIN keys to a demo keys file from before PIN_KEYS, keeping every other key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-keys-'));
    try {
      const config = parseConfig({ DATABASE_URL: `file:${path.join(dir, 'db.sqlite')}` });
      const b64 = () => k().toString('base64');
      const old = {
        version: 1,
        dataKeys: { '1': b64(), '2': b64() },
        dataKeyCurrent: 2,
        indexKey: b64(),
        secretPeppers: { '1': b64() },
        secretPepperCurrent: 1,
        altchaHmacKey: 'an-altcha-hmac-key-of-the-old-file',
      };
      writeFileSync(config.keysFile, JSON.stringify(old), { mode: 0o600 });
      const keyring = loadKeyring(config);
      expect(keyring.pinKeyCurrent).toBe(1);
      expect(keyring.pinKeys.get(1)).toHaveLength(32);
      for (const dataKey of keyring.dataKeys.values()) expect(keyring.pinKeys.get(1)!.equals(dataKey)).toBe(false);
      expect(keyring.dataKeys.get(2)?.toString('base64')).toBe(old.dataKeys['2']);
      expect(keyring.dataKeyCurrent).toBe(2);
      // Written back (0600, no lock or temporary file left), so the next start finds the same PIN keys.
      const written = JSON.parse(readFileSync(config.keysFile, 'utf8'));
      expect(written).toMatchObject({ ...old, pinKeys: { '1': keyring.pinKeys.get(1)!.toString('base64') }, pinKeyCurrent: 1 });
      expect(statSync(config.keysFile).mode & 0o777).toBe(0o600);
      expect(existsSync(`${config.keysFile}.lock`)).toBe(false);
      expect(loadKeyring(config).pinKeys.get(1)?.equals(keyring.pinKeys.get(1)!)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes production keys from the environment', () => {
    const pinKey = k().toString('base64');
    const config = parseConfig(
      productionEnv({ DATABASE_URL: 'postgres://x@y/z', ALTCHA_HMAC_KEY: 'a-long-enough-hmac-key', DATA_KEYS: `3:${k().toString('base64')}`, PIN_KEYS: `5:${pinKey}` }),
    );
    const keyring = loadKeyring(config);
    expect(keyring.dataKeyCurrent).toBe(3);
    expect(keyring.pinKeyCurrent).toBe(5);
    expect(keyring.pinKeys.get(5)?.toString('base64')).toBe(pinKey);
    expect(keyring.altchaHmacKey).toBe('a-long-enough-hmac-key');
  });
});
