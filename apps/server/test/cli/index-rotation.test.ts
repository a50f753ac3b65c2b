import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/build-app.js';
import { parseConfig } from '../../src/config/index.js';
import { createCrypto, PURPOSE } from '../../src/crypto/index.js';
import { loadKeyring } from '../../src/crypto/keyring.js';
import { findIndexedElsewhere, INDEXED_COLUMNS, replaceIndex } from '../../src/db/repositories/indexed-columns.js';
import { DEMO_CARDS } from '../../src/demo/cards.js';
import { GUESSING_COOLDOWN_AFTER } from '../../src/domain/guessing-policy.js';
import { apiClient, apiKeyFor } from '../helpers/brand-api.js';
import { lookupGiftCard, schemaColumns, useCliTest } from './support.js';

// The blind index key rotation (docs/decisions/023-index-key-rotation.md): INDEX_KEYS gets a
// second version, lookups try both, `keys rotate` indexes every card number again, and the old
// version is removed. Every card must be found by a customer call, the brand API and `cards show`
// before, during (a rotation stopped half-way) and after, and no card number can be imported twice.

const c = useCliTest({ env: { RATE_LIMIT_PER_MINUTE: '10000' } });
const HEADER = 'brand,kind,card_number,security_code,recovery_code,balance,asset_code,expires_at,holder_name,phone,pin,email,address_line1,postal_code,city,birth_date,country_of_birth,nationality';
const giftCards = DEMO_CARDS.filter((card) => card.kind === 'giftcard' && card.securityCode !== undefined);
const plain = (number: string) => number.replace(/\s/g, '');
const UNKNOWN = '6064 9999 0000 0000 001';

/** A keys file next to the test's, with the blind index keys given. */
function keysFileWith(name: string, index: { indexKeys: Record<string, string>; indexKeyCurrent: number }): string {
  const keys = JSON.parse(readFileSync(c.env.KEYS_FILE!, 'utf8')) as Record<string, unknown>;
  const { indexKey: _v1, ...rest } = keys;
  const file = path.join(path.dirname(c.env.KEYS_FILE!), name);
  writeFileSync(file, JSON.stringify({ ...rest, ...index }), { mode: 0o600 });
  return file;
}

/** A server process on the test's database with the keys of `keysFile` (another replica, as it were). */
async function serverWith(keysFile: string): Promise<FastifyInstance> {
  const config = parseConfig({ ...c.env, KEYS_FILE: keysFile, WEB_DIST: path.join(c.t.dir, 'web'), PORT: '8080', RATE_LIMIT_PER_MINUTE: '10000' });
  return (await buildApp(config)).app;
}

/** Every demo card is found: by a customer call (BALANCE), by the brand API, and by `tessera cards show`. */
async function expectEveryCardFound(app: FastifyInstance, keysFile: string, apiKey: string) {
  for (const card of giftCards) {
    const res = await lookupGiftCard({ app } as never, card.brand, card.number, card.securityCode!);
    expect(res.statusCode, `${card.name} by a customer call`).toBe(200);
  }
  const api = apiClient(app, apiKey);
  for (const card of DEMO_CARDS.filter((d) => d.brand === 'DEMO')) {
    const res = await api.post('/api/v1/cards/lookup', { cardNumber: plain(card.number) });
    expect(res.statusCode, `${card.name} by the brand API`).toBe(200);
  }
  for (const card of DEMO_CARDS) {
    const res = await c.cliWith({ ...c.env, KEYS_FILE: keysFile }, 'cards', 'show', card.number);
    expect(res.code, `${card.name} by cards show: ${res.stderr}`).toBe(0);
  }
}

/** Importing a demo card's number again is refused, and no card is written. */
async function expectDuplicateRefused(keysFile: string, name: string) {
  const card = DEMO_CARDS.find((d) => d.name === name)!;
  const before = await c.t.db.selectFrom('cards').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const file = c.file(`again-${name}-${path.basename(keysFile)}.csv`, [HEADER, `DEMO,giftcard,${card.number},123456,,100,EUR,,,,,,,,,,,`].join('\n'));
  const res = await c.cliWith({ ...c.env, KEYS_FILE: keysFile }, 'cards', 'import', file);
  expect(res.code).toBe(1);
  expect(res.stdout + res.stderr).toContain('is already in the database');
  const after = await c.t.db.selectFrom('cards').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));
}

const indexVersions = async () =>
  (await c.t.db.selectFrom('cards').select('number_index').execute()).map((r) => (r.number_index.startsWith('i2.') ? 2 : 1));

describe('tessera keys rotate: the blind index key', () => {
  it('knows every blind index column of the schema (a column it missed would be called removable while rows still need the old key)', async () => {
    const hashed = await schemaColumns(c.t, /_(hash|index)$/);
    // The captcha's spent tokens are a plain SHA-256 of a public value, under no key.
    const unkeyed = ['spent_captcha_tokens.token_hash'];
    expect(hashed.filter((name) => !unkeyed.includes(name)).sort()).toEqual([...new Set(INDEXED_COLUMNS.map((col) => `${col.table}.${col.column}`))].sort());
  });

  it('finds every card before, half-way through and after the rotation, and never takes a card number twice', async () => {
    const original = JSON.parse(readFileSync(c.env.KEYS_FILE!, 'utf8')) as { indexKey: string };
    const [k1, k2] = [original.indexKey, randomBytes(32).toString('base64')];
    const before = keysFileWith('index-before.json', { indexKeys: { '1': k1 }, indexKeyCurrent: 1 });
    const rotating = keysFileWith('index-rotating.json', { indexKeys: { '1': k1, '2': k2 }, indexKeyCurrent: 2 });
    const after = keysFileWith('index-after.json', { indexKeys: { '2': k2 }, indexKeyCurrent: 2 });

    // Before: version 1 only (the keys file's indexKey, as INDEX_KEY is): everything on it.
    const apiKey = await apiKeyFor(c.t);
    const unusedApiKey = await apiKeyFor(c.t);
    let app = await serverWith(before);
    try {
      await expectEveryCardFound(app, before, apiKey);
      // Wrong guesses on an unknown number, counted under version 1.
      for (let i = 0; i < GUESSING_COOLDOWN_AFTER - 1; i++) expect((await lookupGiftCard({ app } as never, 'DEMO', UNKNOWN, '000000')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    const status = await c.cliWith({ ...c.env, KEYS_FILE: before }, 'keys', 'status');
    expect(status.stdout).toMatch(new RegExp(`cards\\.number_index\\s+current i1: i1 ${DEMO_CARDS.length}\\n`));
    expect(status.stdout).toContain('Every blind index is under the current INDEX_KEYS version');
    expect(await indexVersions()).toEqual(DEMO_CARDS.map(() => 1));

    // Version 2 current, version 1 still configured; the rotation stopped after five cards.
    const rotatingCrypto = createCrypto(loadKeyring(parseConfig({ ...c.env, KEYS_FILE: rotating })));
    const cardsColumn = INDEXED_COLUMNS.find((col) => col.table === 'cards')!;
    for (const row of await findIndexedElsewhere(c.t.db, { ...cardsColumn, from: cardsColumn.from! }, 2, '', 5)) {
      const number = rotatingCrypto.cipher.decrypt(row.sealed, PURPOSE.cardNumber);
      expect(await replaceIndex(c.t.db, cardsColumn, row.key, row.current_index, rotatingCrypto.blindIndex.of(PURPOSE.cardNumber, number))).toBe('replaced');
    }
    expect((await indexVersions()).filter((v) => v === 2)).toHaveLength(5);
    const halfway = await c.cliWith({ ...c.env, KEYS_FILE: rotating }, 'keys', 'status');
    expect(halfway.code).toBe(1);
    expect(halfway.stdout).toMatch(new RegExp(`cards\\.number_index\\s+current i2: i1 ${DEMO_CARDS.length - 5}, i2 5  \\(${DEMO_CARDS.length - 5} under an old index key, run "tessera keys rotate"\\)`));
    expect(halfway.stdout).toMatch(/api_keys\.key_hash\s+current i2: i1 2 {2}\(2 under an old index key, moved at its next use\)/);
    expect(halfway.stdout).toMatch(/number_guesses\.number_index\s+current i2: i1 1 {2}\(1 under an old index key, moved at its next use\)/);

    app = await serverWith(rotating);
    try {
      await expectEveryCardFound(app, rotating, apiKey);
      // The unknown number's counters moved to version 2 at its next guess and went on counting:
      // that guess starts the cool-down a real card would start, and the next is refused (a fresh
      // counter would have answered 404 again, telling the number apart from a real card's).
      expect((await lookupGiftCard({ app } as never, 'DEMO', UNKNOWN, '000000')).statusCode).toBe(404);
      expect((await lookupGiftCard({ app } as never, 'DEMO', UNKNOWN, '000000')).json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      const guesses = await c.t.db.selectFrom('number_guesses').selectAll().execute();
      expect(guesses).toHaveLength(1);
      expect(guesses[0]).toMatchObject({ failed_attempts: GUESSING_COOLDOWN_AFTER });
      expect(guesses[0]!.number_index).toBe(rotatingCrypto.blindIndex.of(PURPOSE.cardNumber, plain(UNKNOWN)));
    } finally {
      await app.close();
    }
    // No card number twice: one still under version 1, one already under version 2, by either configuration.
    const last3Under = async (v2: boolean) =>
      (await c.t.db.selectFrom('cards').select('number_last3').where('number_index', v2 ? 'like' : 'not like', 'i2.%').orderBy('number_last3').executeTakeFirstOrThrow()).number_last3;
    const nameOf = (last3: string) => DEMO_CARDS.find((d) => d.number.endsWith(last3))!.name;
    const [moved, unmoved] = [nameOf(await last3Under(true)), nameOf(await last3Under(false))];
    await expectDuplicateRefused(rotating, moved);
    await expectDuplicateRefused(rotating, unmoved);
    // A command not given the new key could not see the moved card: it refuses to import at all.
    const blind = await c.cliWith({ ...c.env, KEYS_FILE: before }, 'cards', 'import', c.file('blind.csv', [HEADER, 'DEMO,giftcard,6064 3000 0000 0000 001,123456,,100,EUR,,,,,,,,,,,'].join('\n')));
    expect(blind.code).toBe(1);
    expect(blind.stderr).toContain('indexed under an INDEX_KEYS version this configuration lacks');

    // The rest of the rotation: run again, it goes on where the data says.
    const rotate = await c.cliWith({ ...c.env, KEYS_FILE: rotating }, 'keys', 'rotate', '--batch-size', '3');
    expect(rotate.stdout).toContain(`cards.number_index: ${DEMO_CARDS.length - 5} re-indexed`);
    expect(await indexVersions()).toEqual(DEMO_CARDS.map(() => 2));
    const done = await c.cliWith({ ...c.env, KEYS_FILE: rotating }, 'keys', 'status');
    expect(done.stdout).toMatch(new RegExp(`cards\\.number_index\\s+current i2: i2 ${DEMO_CARDS.length}\\n`));
    // The key used during the rotation moved; the unused one is still under version 1, and says so.
    expect(done.stdout).toMatch(/api_keys\.key_hash\s+current i2: i1 1, i2 1 {2}\(1 under an old index key, moved at its next use\)/);
    expect(done.code).toBe(1);

    // Version 1 removed: every card is still found, and still cannot be imported again.
    app = await serverWith(after);
    try {
      await expectEveryCardFound(app, after, apiKey);
      // An API key never used during the rotation cannot be recognised any more (only its hash
      // under version 1 was stored): keys status named it above; the brand gets a new one.
      expect((await apiClient(app, unusedApiKey).post('/api/v1/cards/lookup', { cardNumber: plain(giftCards[0]!.number) })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
    await expectDuplicateRefused(after, moved);
    await expectDuplicateRefused(after, unmoved);
    // Three server builds and seven CLI processes: about 15 s on a quiet machine, twice that under load.
  }, 90_000);

  it('refuses a third index key version, a current version that is not configured, and INDEX_KEY with INDEX_KEYS', () => {
    const key = () => randomBytes(32).toString('base64');
    const base = { NODE_ENV: 'test', DATA_KEYS: `1:${key()}`, PIN_KEYS: `1:${key()}`, SECRET_PEPPERS: `1:${key()}` };
    expect(() => parseConfig({ ...base, INDEX_KEYS: `1:${key()},2:${key()},3:${key()}` })).toThrow(/INDEX_KEYS: at most two versions/);
    expect(() => parseConfig({ ...base, INDEX_KEYS: `1:${key()},2:${key()}`, INDEX_KEY_CURRENT: '3' })).toThrow(/INDEX_KEY_CURRENT: version 3 is not in INDEX_KEYS/);
    expect(() => parseConfig({ ...base, INDEX_KEYS: `1:${key()}`, INDEX_KEY: key() })).toThrow(/set INDEX_KEYS or INDEX_KEY, not both/);
    const same = key();
    expect(() => parseConfig({ ...base, INDEX_KEYS: `1:${same},2:${same}` })).toThrow(/INDEX_KEYS: the two versions are the same key/);
    // The form of before INDEX_KEYS is version 1.
    const legacy = parseConfig({ ...base, INDEX_KEY: same });
    expect(legacy.keys?.indexKeyCurrent).toBe(1);
    expect(legacy.keys?.indexKeys.get(1)?.toString('base64')).toBe(same);
    // Rotating: version 1 stays current until INDEX_KEY_CURRENT says otherwise, or the highest is.
    expect(parseConfig({ ...base, INDEX_KEYS: `1:${same},2:${key()}`, INDEX_KEY_CURRENT: '1' }).keys?.indexKeyCurrent).toBe(1);
    expect(parseConfig({ ...base, INDEX_KEYS: `1:${same},2:${key()}` }).keys?.indexKeyCurrent).toBe(2);
  });
});
