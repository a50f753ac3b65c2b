import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { IDEMPOTENCY_KEPT_MS } from '../domain/brand-api-rules.js';
import { countIndexedByVersion, findIndexedElsewhere, INDEXED_COLUMNS, type IndexedColumn, replaceIndex } from '../db/repositories/indexed-columns.js';
import { countSealedByKey, countSecretsByPepper, findSealedElsewhere, replaceSealed, SEALED_COLUMNS, type SealedColumn } from '../db/repositories/sealed-columns.js';

export interface ColumnKeys {
  /** "cards.number_ciphertext" */
  column: string;
  /** The key new rows get: "v2" (DATA_KEYS) or "p1" (PIN_KEYS). */
  current: string;
  /** Rows per key that sealed them, the current one included. */
  byKey: Record<string, number>;
  /** Rows under any other key: what keeps an old key needed. */
  old: number;
}

export interface IndexColumnStatus {
  /** "cards.number_index" */
  column: string;
  how: IndexedColumn['how'];
  /** The index key version new rows get: "i2". */
  current: string;
  /** Live rows per index key version, the current one included. */
  byVersion: Record<string, number>;
  /** Live rows under another version: what keeps an old index key needed. */
  old: number;
}

export interface KeyStatus {
  columns: ColumnKeys[];
  /** Blind index columns (INDEX_KEYS). */
  indexes: IndexColumnStatus[];
  /** Unused secrets (codes, passcodes) per pepper version, and the current version. */
  secrets: { current: number; byPepper: Record<string, number>; old: number };
}

export interface RotateResult {
  /** Per column: rows re-sealed under the current key, and rows no configured key opens. */
  columns: { column: string; resealed: number; unreadable: number }[];
  /**
   * Per recomputed index column: rows indexed again under the current index key, rows whose
   * ciphertext no key opens, and rows whose new index another row holds already (a card number
   * stored twice: left under the old version, for the operator to resolve).
   */
  indexes: { column: string; reindexed: number; unreadable: number; taken: number }[];
  after: KeyStatus;
}

const nameOf = (col: SealedColumn) => `${col.table}.${col.column}`;
const currentKey = (crypto: Pick<Crypto, 'cipher' | 'pins'>, col: SealedColumn) =>
  col.keyring === 'pin' ? `p${crypto.pins.keyVersion}` : `v${crypto.cipher.keyVersion}`;

type RotationCrypto = Pick<Crypto, 'cipher' | 'pins' | 'secrets' | 'blindIndex'>;

/** `tessera keys status`: which keys the stored data still needs; changes nothing. */
export async function keyStatus(deps: { db: Db; crypto: RotationCrypto; now?: () => Date }): Promise<KeyStatus> {
  const columns: ColumnKeys[] = [];
  for (const col of SEALED_COLUMNS) {
    const byKey = Object.fromEntries(await countSealedByKey(deps.db, col));
    const current = currentKey(deps.crypto, col);
    columns.push({ column: nameOf(col), current, byKey, old: Object.entries(byKey).reduce((sum, [key, n]) => (key === current ? sum : sum + n), 0) });
  }
  const indexes: IndexColumnStatus[] = [];
  const now = (deps.now?.() ?? new Date()).getTime();
  const currentIndex = `i${deps.crypto.blindIndex.version}`;
  for (const col of INDEXED_COLUMNS) {
    // Idempotency keys count while they are kept (a day); other live conditions compare with now.
    const since = new Date(col.table === 'idempotency_keys' ? now - IDEMPOTENCY_KEPT_MS : now).toISOString();
    const byVersion = Object.fromEntries(await countIndexedByVersion(deps.db, col, since));
    indexes.push({
      column: `${col.table}.${col.column}`,
      how: col.how,
      current: currentIndex,
      byVersion,
      old: Object.entries(byVersion).reduce((sum, [v, n]) => (v === currentIndex ? sum : sum + n), 0),
    });
  }
  const peppers = await countSecretsByPepper(deps.db);
  const pepperCurrent = deps.crypto.secrets.pepperVersion;
  return {
    columns,
    indexes,
    secrets: {
      current: pepperCurrent,
      byPepper: Object.fromEntries(peppers),
      old: [...peppers].reduce((sum, [version, n]) => (version === pepperCurrent ? sum : sum + n), 0),
    },
  };
}

/**
 * `tessera keys rotate`: re-seals every ciphertext not under the current key of its keyring
 * (DATA_KEYS or PIN_KEYS) with the current key, page by page (each page its own transaction, in
 * row-key order), so an interrupted run loses nothing and the next run goes on where the data
 * says: rows already under the current key are not read again. A row changed by the portal
 * meanwhile is left as it is (its new value is under the current key anyway). A ciphertext no
 * configured key opens is counted and left, never retried in a loop. Secrets (keyed hashes)
 * cannot be re-hashed without the secret: they move to the current pepper when next set, and are
 * only reported.
 */
export async function rotateKeys(deps: { db: Db; crypto: RotationCrypto; now?: () => Date }, options: { batchSize: number }): Promise<RotateResult> {
  const columns: RotateResult['columns'] = [];
  for (const col of SEALED_COLUMNS) {
    const current = currentKey(deps.crypto, col);
    const version = col.keyring === 'pin' ? deps.crypto.pins.keyVersion : deps.crypto.cipher.keyVersion;
    const open = (sealed: string) => (col.keyring === 'pin' ? deps.crypto.pins.open(sealed) : deps.crypto.cipher.decrypt(sealed, col.purpose));
    const seal = (plain: string) => (col.keyring === 'pin' ? deps.crypto.pins.seal(plain) : deps.crypto.cipher.encrypt(plain, col.purpose));
    let resealed = 0;
    let unreadable = 0;
    let after = '';
    for (;;) {
      const page = await findSealedElsewhere(deps.db, col, current, after, options.batchSize);
      if (page.length === 0) break;
      await deps.db.transaction().execute(async (trx) => {
        for (const row of page) {
          let plain: string;
          try {
            plain = open(row.sealed);
          } catch {
            unreadable += 1;
            continue;
          }
          if (await replaceSealed(trx, col, row.key, row.sealed, seal(plain), version)) resealed += 1;
        }
      });
      after = page[page.length - 1]!.key;
      if (page.length < options.batchSize) break;
    }
    columns.push({ column: nameOf(col), resealed, unreadable });
  }
  return { columns, indexes: await reindex(deps, options), after: await keyStatus(deps) };
}

/**
 * The blind indexes `keys rotate` can compute again (docs/decisions/023): each row whose index is
 * not under the current index key version gets it anew from its own ciphertext (a card's number),
 * page by page as above, each row only if it still holds the index that was read. Lookups try
 * both versions meanwhile, so a card is found before, during and after its row moves. The other
 * blind indexes (API keys, guessing counters, short-lived sessions) move on use or expire.
 */
async function reindex(deps: { db: Db; crypto: RotationCrypto }, options: { batchSize: number }): Promise<RotateResult['indexes']> {
  const results: RotateResult['indexes'] = [];
  const version = deps.crypto.blindIndex.version;
  for (const col of INDEXED_COLUMNS) {
    const from = col.from;
    if (col.how !== 'recomputed' || !from) continue;
    let reindexed = 0;
    let unreadable = 0;
    let taken = 0;
    let after = '';
    for (;;) {
      const page = await findIndexedElsewhere(deps.db, { ...col, from }, version, after, options.batchSize);
      if (page.length === 0) break;
      await deps.db.transaction().execute(async (trx) => {
        for (const row of page) {
          let value: string;
          try {
            value = from.valueOf(deps.crypto.cipher.decrypt(row.sealed, from.purpose));
          } catch {
            unreadable += 1;
            continue;
          }
          const outcome = await replaceIndex(trx, col, row.key, row.current_index, deps.crypto.blindIndex.of(from.purposeOfIndex, value));
          if (outcome === 'replaced') reindexed += 1;
          else if (outcome === 'taken') taken += 1;
        }
      });
      after = page[page.length - 1]!.key;
      if (page.length < options.batchSize) break;
    }
    results.push({ column: `${col.table}.${col.column}`, reindexed, unreadable, taken });
  }
  return results;
}
