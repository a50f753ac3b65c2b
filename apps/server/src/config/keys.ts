import { z } from 'zod';
import { positiveInt, type Problems, type SettingsOf } from './settings.js';

/** "1:base64,2:base64": versioned 32-byte keys, the way DATA_KEYS, PIN_KEYS and SECRET_PEPPERS are written. */
const versionedKeys = z.string().transform((value, ctx) => {
  const keys = new Map<number, Buffer>();
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(\d+):(.+)$/.exec(part);
    const key = match ? Buffer.from(match[2]!, 'base64') : null;
    if (!match || !key || key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'expected VERSION:BASE64 entries of 32-byte keys, comma-separated' });
      return z.NEVER;
    }
    keys.set(Number(match[1]), key);
  }
  if (keys.size === 0) {
    ctx.addIssue({ code: 'custom', message: 'at least one key is required' });
    return z.NEVER;
  }
  return keys;
});

const singleKey = z.string().transform((value, ctx) => {
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'expected a base64 32-byte key' });
    return z.NEVER;
  }
  return key;
});

export const keySettings = {
  DATA_KEYS: versionedKeys.optional(),
  DATA_KEY_CURRENT: positiveInt.optional(),
  /** Visa PINs only: a leaked DATA_KEYS opens holder data and card numbers, not the PINs. */
  PIN_KEYS: versionedKeys.optional(),
  PIN_KEY_CURRENT: positiveInt.optional(),
  /** The blind index key of before INDEX_KEYS: the same as INDEX_KEYS=1:KEY. */
  INDEX_KEY: singleKey.optional(),
  /** Versioned blind index keys: two versions while a rotation is under way (docs/decisions/023). */
  INDEX_KEYS: versionedKeys.optional(),
  INDEX_KEY_CURRENT: positiveInt.optional(),
  SECRET_PEPPERS: versionedKeys.optional(),
  SECRET_PEPPER_CURRENT: positiveInt.optional(),
};

export interface KeyMaterialFromEnv {
  dataKeys: Map<number, Buffer>;
  dataKeyCurrent: number;
  /** Visa PINs are sealed under these, never under the data keys (crypto/pin-cipher.ts). */
  pinKeys: Map<number, Buffer>;
  pinKeyCurrent: number;
  /** Blind index keys by version (INDEX_KEY is version 1); at most two (crypto/blind-index.ts). */
  indexKeys: Map<number, Buffer>;
  indexKeyCurrent: number;
  secretPeppers: Map<number, Buffer>;
  secretPepperCurrent: number;
}

/** The name of the first setting whose key bytes also appear in another group, if any. */
function reusedKeyMaterial(groups: [string, Buffer[]][]): string | undefined {
  for (const [name, keys] of groups) {
    for (const [otherName, others] of groups) {
      if (otherName === name) continue;
      if (keys.some((k) => others.some((o) => k.equals(o)))) return name;
    }
  }
  return undefined;
}

/** Keys given in the environment; undefined means a keys file (demo and development only). */
export function parseKeys(e: SettingsOf<typeof keySettings>, isProduction: boolean, problems: Problems): KeyMaterialFromEnv | undefined {
  const keyVars = [e.DATA_KEYS, e.PIN_KEYS, e.INDEX_KEY, e.INDEX_KEYS, e.SECRET_PEPPERS];
  const anyKeys = keyVars.some((k) => k !== undefined);
  if (!isProduction && !anyKeys) return undefined;
  // Keys come from the environment all together or (demo and development) all from the keys file.
  if (!e.DATA_KEYS) problems.push('DATA_KEYS: required (VERSION:BASE64 32-byte keys)');
  if (!e.PIN_KEYS) problems.push('PIN_KEYS: required (VERSION:BASE64 32-byte keys of their own, for Visa PINs)');
  if (!e.INDEX_KEY && !e.INDEX_KEYS) problems.push('INDEX_KEYS: required (VERSION:BASE64 32-byte keys; or INDEX_KEY, a single key that is version 1)');
  if (e.INDEX_KEY && e.INDEX_KEYS) problems.push('INDEX_KEY: set INDEX_KEYS or INDEX_KEY, not both (INDEX_KEY=K is INDEX_KEYS=1:K)');
  if (!e.SECRET_PEPPERS) problems.push('SECRET_PEPPERS: required (VERSION:BASE64 32-byte peppers)');
  const indexKeys = e.INDEX_KEYS ?? (e.INDEX_KEY ? new Map([[1, e.INDEX_KEY]]) : undefined);
  const dataKeyCurrent = e.DATA_KEY_CURRENT ?? (e.DATA_KEYS ? Math.max(...e.DATA_KEYS.keys()) : 0);
  const pinKeyCurrent = e.PIN_KEY_CURRENT ?? (e.PIN_KEYS ? Math.max(...e.PIN_KEYS.keys()) : 0);
  const indexKeyCurrent = e.INDEX_KEY_CURRENT ?? (indexKeys ? Math.max(...indexKeys.keys()) : 0);
  const pepperCurrent = e.SECRET_PEPPER_CURRENT ?? (e.SECRET_PEPPERS ? Math.max(...e.SECRET_PEPPERS.keys()) : 0);
  if (e.DATA_KEYS && !e.DATA_KEYS.has(dataKeyCurrent)) {
    problems.push(`DATA_KEY_CURRENT: version ${dataKeyCurrent} is not in DATA_KEYS`);
  }
  if (e.PIN_KEYS && !e.PIN_KEYS.has(pinKeyCurrent)) {
    problems.push(`PIN_KEY_CURRENT: version ${pinKeyCurrent} is not in PIN_KEYS`);
  }
  if (indexKeys && !indexKeys.has(indexKeyCurrent)) {
    problems.push(`INDEX_KEY_CURRENT: version ${indexKeyCurrent} is not in ${e.INDEX_KEYS ? 'INDEX_KEYS' : 'INDEX_KEY (version 1)'}`);
  }
  // Two versions are a rotation (lookups try both); a third would be a second rotation begun
  // before the first was finished, and every lookup would have to try all three.
  if (e.INDEX_KEYS && e.INDEX_KEYS.size > 2) problems.push('INDEX_KEYS: at most two versions (finish a rotation, see "tessera keys status", before adding another)');
  if (e.INDEX_KEYS && e.INDEX_KEYS.size === 2 && reusedKeyMaterial([...e.INDEX_KEYS].map(([v, k]) => [`INDEX_KEYS version ${v}`, [k]]))) {
    problems.push('INDEX_KEYS: the two versions are the same key');
  }
  if (e.SECRET_PEPPERS && !e.SECRET_PEPPERS.has(pepperCurrent)) {
    problems.push(`SECRET_PEPPER_CURRENT: version ${pepperCurrent} is not in SECRET_PEPPERS`);
  }
  if (isProduction && e.DATA_KEYS && e.PIN_KEYS && indexKeys && e.SECRET_PEPPERS) {
    // One leaked key must not open the other doors: the data keys, the PIN keys, the blind
    // index keys (every version) and the peppers are each their own material.
    const reused = reusedKeyMaterial([
      ['DATA_KEYS', [...e.DATA_KEYS.values()]],
      ['PIN_KEYS', [...e.PIN_KEYS.values()]],
      [e.INDEX_KEYS ? 'INDEX_KEYS' : 'INDEX_KEY', [...indexKeys.values()]],
      ['SECRET_PEPPERS', [...e.SECRET_PEPPERS.values()]],
    ]);
    if (reused) problems.push(`${reused}: the same key material is used for more than one of DATA_KEYS, PIN_KEYS, INDEX_KEYS and SECRET_PEPPERS`);
  }
  if (!(e.DATA_KEYS && e.PIN_KEYS && indexKeys && e.SECRET_PEPPERS)) return undefined;
  return {
    dataKeys: e.DATA_KEYS,
    dataKeyCurrent,
    pinKeys: e.PIN_KEYS,
    pinKeyCurrent,
    indexKeys,
    indexKeyCurrent,
    secretPeppers: e.SECRET_PEPPERS,
    secretPepperCurrent: pepperCurrent,
  };
}
