import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index.js';
import { createCrypto, PURPOSE } from '../../src/crypto/index.js';
import { loadKeyring } from '../../src/crypto/keyring.js';
import { SEALED_COLUMNS } from '../../src/db/repositories/sealed-columns.js';
import { DEMO_CARDS } from '../../src/demo/cards.js';
import { schemaColumns, useCliTest } from './support.js';

// tessera keys status / keys rotate (docs/deployment.md#key-rotation): a new key version becomes
// current, every ciphertext moves to it, and the old version can then be removed.

const c = useCliTest();
const newKey = () => randomBytes(32).toString('base64');

/** Writes a keys file next to the test's: the current one changed by `change`. */
function keysFileWith(name: string, change: (keys: Record<string, unknown>) => Record<string, unknown>): string {
  const keys = JSON.parse(readFileSync(c.env.KEYS_FILE!, 'utf8')) as Record<string, unknown>;
  const file = path.join(path.dirname(c.env.KEYS_FILE!), name);
  writeFileSync(file, JSON.stringify(change(keys)), { mode: 0o600 });
  return file;
}

describe('tessera keys', () => {
  it('knows every encrypted column of the schema (a column it missed would keep an old key needed)', async () => {
    const encrypted = await schemaColumns(c.t, /_ciphertext$/);
    expect(encrypted.sort()).toEqual(SEALED_COLUMNS.map((col) => `${col.table}.${col.column}`).sort());
  });

  it('counts and leaves a ciphertext no configured key opens, and says so', async () => {
    const card = await c.t.db.selectFrom('cards').select(['id', 'number_ciphertext']).orderBy('id').executeTakeFirstOrThrow();
    const foreign = createCrypto(loadKeyring(parseConfig({ ...c.env, KEYS_FILE: keysFileWith('foreign.json', (k) => ({ ...k, dataKeys: { '7': newKey() }, dataKeyCurrent: 7 })) })));
    const sealed = foreign.cipher.encrypt('6064000000000000999', PURPOSE.cardNumber);
    await c.t.db.updateTable('cards').set({ number_ciphertext: sealed }).where('id', '=', card.id).execute();
    try {
      const res = await c.cli('keys', 'rotate');
      expect(res.code).toBe(1);
      expect(res.stdout).toContain('cards.number_ciphertext: 0 re-sealed, 1 that no configured key opens (left as they are)');
      expect((await c.t.db.selectFrom('cards').select('number_ciphertext').where('id', '=', card.id).executeTakeFirstOrThrow()).number_ciphertext).toBe(sealed);
    } finally {
      await c.t.db.updateTable('cards').set({ number_ciphertext: card.number_ciphertext }).where('id', '=', card.id).execute();
    }
  });
  it('moves every card number, holder record and PIN to the new key versions, after which the old ones can go', async () => {
    const status = await c.cli('keys', 'status');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(new RegExp(`cards\\.number_ciphertext\\s+current v1: v1 ${DEMO_CARDS.length}\\n`));
    expect(status.stdout).toContain('older versions can be removed');

    // Version 2 of the data and PIN keys becomes current; version 1 stays until the rotation is done.
    const [data2, pin2] = [newKey(), newKey()];
    const rotating = keysFileWith('rotating.json', (k) => ({
      ...k,
      dataKeys: { ...(k.dataKeys as object), '2': data2 },
      dataKeyCurrent: 2,
      pinKeys: { ...(k.pinKeys as object), '2': pin2 },
      pinKeyCurrent: 2,
    }));
    const env = { ...c.env, KEYS_FILE: rotating };
    const before = await c.cliWith(env, 'keys', 'status');
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(new RegExp(`cards\\.number_ciphertext\\s+current v2: v1 ${DEMO_CARDS.length}  \\(${DEMO_CARDS.length} under old keys\\)`));
    expect(before.stdout).toMatch(/visa_holders\.pin_ciphertext\s+current p2: p1 \d+ {2}\(\d+ under old keys\)/);

    const rotate = await c.cliWith(env, 'keys', 'rotate', '--batch-size', '3');
    expect(rotate.code).toBe(0);
    expect(rotate.stdout).toContain(`cards.number_ciphertext: ${DEMO_CARDS.length} re-sealed`);
    expect(rotate.stdout).toMatch(/visa_holders\.pin_ciphertext: \d+ re-sealed/);
    expect(rotate.stdout).toContain('older versions can be removed');
    // Nothing left to do: a second run reads nothing again.
    expect((await c.cliWith(env, 'keys', 'rotate')).stdout).not.toContain('re-sealed');

    // Version 1 removed: every card is still found by number and decrypted, with its PIN.
    const rotated = keysFileWith('rotated.json', (k) => ({ ...k, dataKeys: { '2': data2 }, dataKeyCurrent: 2, pinKeys: { '2': pin2 }, pinKeyCurrent: 2 }));
    const after = await c.cliWith({ ...c.env, KEYS_FILE: rotated }, 'keys', 'status');
    expect(after.code).toBe(0);
    const crypto = createCrypto(loadKeyring(parseConfig({ ...c.env, KEYS_FILE: rotated })));
    const cards = await c.t.db.selectFrom('cards').select(['number_ciphertext', 'number_index', 'number_key_version']).execute();
    expect(cards).toHaveLength(DEMO_CARDS.length);
    for (const card of cards) {
      const number = crypto.cipher.decrypt(card.number_ciphertext, PURPOSE.cardNumber);
      expect(crypto.blindIndex.of(PURPOSE.cardNumber, number)).toBe(card.number_index);
      expect(card.number_key_version).toBe(2);
    }
    const holders = await c.t.db.selectFrom('visa_holders').select(['holder_ciphertext', 'pin_ciphertext', 'key_version']).execute();
    for (const holder of holders) {
      expect(holder.key_version).toBe(2);
      expect(() => crypto.cipher.decrypt(holder.holder_ciphertext, PURPOSE.visaHolder)).not.toThrow();
      if (holder.pin_ciphertext) expect(crypto.pins.open(holder.pin_ciphertext)).toMatch(/^\d{4}$/);
    }
  });

});
