import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config, KeyMaterialFromEnv } from '../config/index.js';

/**
 * The server's key material. Production reads it from the environment (config.keys); demo and
 * development keep generated keys in a file (mode 0600) so a restart can still read the data.
 */
export interface Keyring extends KeyMaterialFromEnv {
  /** Signs ALTCHA challenges when ALTCHA_HMAC_KEY is not set (demo only). */
  altchaHmacKey: string;
}

const b64Key = z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'a base64 32-byte key');
const keysFileSchema = z
  .object({
  version: z.literal(1),
  dataKeys: z.record(z.string().regex(/^\d+$/), b64Key),
  dataKeyCurrent: z.number().int().positive(),
  // Optional: files written before PIN_KEYS existed have none; they are added on load.
  pinKeys: z.record(z.string().regex(/^\d+$/), b64Key).optional(),
  pinKeyCurrent: z.number().int().positive().optional(),
  // Version 1 of the blind index key (the only one before INDEX_KEYS); a rotation adds indexKeys.
  indexKey: b64Key.optional(),
  indexKeys: z.record(z.string().regex(/^\d+$/), b64Key).optional(),
  indexKeyCurrent: z.number().int().positive().optional(),
  secretPeppers: z.record(z.string().regex(/^\d+$/), b64Key),
  secretPepperCurrent: z.number().int().positive(),
  altchaHmacKey: z.string().min(16),
  })
  .refine((k) => k.indexKey !== undefined || k.indexKeys !== undefined, 'indexKey or indexKeys is required');
type KeysFile = z.infer<typeof keysFileSchema>;
type CompleteKeysFile = KeysFile & Required<Pick<KeysFile, 'pinKeys' | 'pinKeyCurrent'>>;

function newKey(): string {
  return randomBytes(32).toString('base64');
}

function readKeysFile(file: string): KeysFile {
  const parsed = keysFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Keys file ${file} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

const isComplete = (keys: KeysFile): keys is CompleteKeysFile => keys.pinKeys !== undefined && keys.pinKeyCurrent !== undefined;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `fn` while holding `file`.lock (created exclusively), so two processes starting at once
 * (the server and the CLI) cannot each add their own PIN keys and one of them seal PINs under
 * keys the other then overwrote.
 */
function withFileLock<T>(file: string, fn: () => T): T {
  const lock = `${file}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (attempt >= 100) throw new Error(`Keys file ${file}: ${lock} has been held for 5 s; remove it if no Tessera process is starting`);
      sleepSync(50);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * A keys file from before PIN_KEYS gets PIN keys of its own, written back (0600, replaced by a
 * rename, so a reader never sees half a file). Under the lock, the file is read again first: a
 * process that got there earlier has added them already, and those are the ones to use.
 */
function addPinKeys(file: string): CompleteKeysFile {
  return withFileLock(file, () => {
    const current = readKeysFile(file);
    if (isComplete(current)) return current;
    const upgraded: CompleteKeysFile = { ...current, pinKeys: { '1': newKey() }, pinKeyCurrent: 1 };
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(upgraded, null, 2), { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
    return upgraded;
  });
}

function readOrCreateKeysFile(file: string): CompleteKeysFile {
  if (existsSync(file)) {
    const keys = readKeysFile(file);
    return isComplete(keys) ? keys : addPinKeys(file);
  }
  const created: CompleteKeysFile = {
    version: 1,
    dataKeys: { '1': newKey() },
    dataKeyCurrent: 1,
    pinKeys: { '1': newKey() },
    pinKeyCurrent: 1,
    indexKey: newKey(),
    secretPeppers: { '1': newKey() },
    secretPepperCurrent: 1,
    altchaHmacKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole to a file of its own, then linked into place: link() fails when another
  // process created the keys file meanwhile (then theirs is read), and a process reading the
  // keys file never sees it half-written, as it could between a 'wx' create and its write.
  const staged = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(staged, JSON.stringify(created, null, 2), { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(staged, 0o600);
    linkSync(staged, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateKeysFile(file);
    throw error;
  } finally {
    rmSync(staged, { force: true });
  }
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
    const indexKey = config.keys.indexKeys.get(config.keys.indexKeyCurrent)!;
    const altchaHmacKey = config.captcha.altchaHmacKey ?? Buffer.concat([Buffer.from('altcha:'), indexKey]).toString('hex');
    return { ...config.keys, altchaHmacKey };
  }
  if (config.isProduction) throw new Error('Production needs DATA_KEYS, PIN_KEYS, INDEX_KEYS and SECRET_PEPPERS');
  const file = readOrCreateKeysFile(config.keysFile);
  const indexKeys = file.indexKeys ? toMap(file.indexKeys) : new Map([[1, Buffer.from(file.indexKey!, 'base64')]]);
  const indexKeyCurrent = file.indexKeyCurrent ?? Math.max(...indexKeys.keys());
  if (
    !(file.dataKeyCurrent in file.dataKeys) ||
    !(file.pinKeyCurrent in file.pinKeys) ||
    !(file.secretPepperCurrent in file.secretPeppers) ||
    !indexKeys.has(indexKeyCurrent)
  ) {
    throw new Error(`Keys file ${config.keysFile}: the current key version is missing`);
  }
  return {
    dataKeys: toMap(file.dataKeys),
    dataKeyCurrent: file.dataKeyCurrent,
    pinKeys: toMap(file.pinKeys),
    pinKeyCurrent: file.pinKeyCurrent,
    indexKeys,
    indexKeyCurrent,
    secretPeppers: toMap(file.secretPeppers),
    secretPepperCurrent: file.secretPepperCurrent,
    altchaHmacKey: config.captcha.altchaHmacKey ?? file.altchaHmacKey,
  };
}
