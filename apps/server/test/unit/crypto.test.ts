import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { BlindIndex } from '../../src/crypto/blind-index.js';
import { DataCipher } from '../../src/crypto/data-cipher.js';
import { loadKeyring } from '../../src/crypto/keyring.js';
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
    expect(new BlindIndex(key).of('card-number', '123')).toBe(new BlindIndex(key).of('card-number', '123'));
    expect(new BlindIndex(key).of('card-number', '123')).not.toBe(new BlindIndex(k()).of('card-number', '123'));
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
      expect(second.indexKey.equals(first.indexKey)).toBe(true);
      expect(second.dataKeys.get(1)?.equals(first.dataKeys.get(1)!)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes production keys from the environment', () => {
    const config = parseConfig(
      productionEnv({ DATABASE_URL: 'postgres://x@y/z', ALTCHA_HMAC_KEY: 'a-long-enough-hmac-key', DATA_KEYS: `3:${k().toString('base64')}` }),
    );
    const keyring = loadKeyring(config);
    expect(keyring.dataKeyCurrent).toBe(3);
    expect(keyring.altchaHmacKey).toBe('a-long-enough-hmac-key');
  });
});
