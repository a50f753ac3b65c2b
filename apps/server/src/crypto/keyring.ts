import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config, KeyMaterialFromEnv } from '../config.js';

/**
 * The server's key material. Production reads it from the environment (config.keys); demo and
 * development keep generated keys in a file (mode 0600) so a restart can still read the data.
 */
export interface Keyring extends KeyMaterialFromEnv {
  /** Signs ALTCHA challenges when ALTCHA_HMAC_KEY is not set (demo only). */
  altchaHmacKey: string;
}

const b64Key = z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'a base64 32-byte key');
const keysFileSchema = z.object({
  version: z.literal(1),
  dataKeys: z.record(z.string().regex(/^\d+$/), b64Key),
  dataKeyCurrent: z.number().int().positive(),
  indexKey: b64Key,
  secretPeppers: z.record(z.string().regex(/^\d+$/), b64Key),
  secretPepperCurrent: z.number().int().positive(),
  altchaHmacKey: z.string().min(16),
});
type KeysFile = z.infer<typeof keysFileSchema>;

function newKey(): string {
  return randomBytes(32).toString('base64');
}

function readOrCreateKeysFile(file: string): KeysFile {
  if (existsSync(file)) {
    const parsed = keysFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`Keys file ${file} is not valid: ${parsed.error.message}`);
    return parsed.data;
  }
  const created: KeysFile = {
    version: 1,
    dataKeys: { '1': newKey() },
    dataKeyCurrent: 1,
    indexKey: newKey(),
    secretPeppers: { '1': newKey() },
    secretPepperCurrent: 1,
    altchaHmacKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  // 'wx' refuses to overwrite a file another process created meanwhile; then read theirs.
  try {
    writeFileSync(file, JSON.stringify(created, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateKeysFile(file);
    throw error;
  }
  chmodSync(file, 0o600);
  return created;
}

const toMap = (record: Record<string, string>) =>
  new Map(Object.entries(record).map(([v, k]) => [Number(v), Buffer.from(k, 'base64')]));

export function loadKeyring(config: Config): Keyring {
  if (config.keys) {
    if (!config.captcha.altchaHmacKey && config.captcha.provider === 'altcha' && config.isProduction) {
      throw new Error('ALTCHA_HMAC_KEY is required');
    }
    // Without ALTCHA_HMAC_KEY outside production, derive one from the index key: stable across restarts.
    const altchaHmacKey =
      config.captcha.altchaHmacKey ?? Buffer.concat([Buffer.from('altcha:'), config.keys.indexKey]).toString('hex');
    return { ...config.keys, altchaHmacKey };
  }
  if (config.isProduction) throw new Error('Production needs DATA_KEYS, INDEX_KEY and SECRET_PEPPERS');
  const file = readOrCreateKeysFile(config.keysFile);
  if (!(file.dataKeyCurrent in file.dataKeys) || !(file.secretPepperCurrent in file.secretPeppers)) {
    throw new Error(`Keys file ${config.keysFile}: the current key version is missing`);
  }
  return {
    dataKeys: toMap(file.dataKeys),
    dataKeyCurrent: file.dataKeyCurrent,
    indexKey: Buffer.from(file.indexKey, 'base64'),
    secretPeppers: toMap(file.secretPeppers),
    secretPepperCurrent: file.secretPepperCurrent,
    altchaHmacKey: config.captcha.altchaHmacKey ?? file.altchaHmacKey,
  };
}
