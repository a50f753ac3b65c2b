import { type KeyStatus, keyStatus, rotateKeys } from '../../rotate-keys.js';
import type { CliIo } from '../context.js';
import { EXIT, UsageError } from '../context.js';
import { noArguments } from '../id-argument.js';
import type { CommandSpec } from './types.js';

const byKey = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key} ${n}`)
    .join(', ') || 'no rows';

/** The status lines, and whether any old key (or pepper) is still needed. */
function printStatus(io: CliIo, status: KeyStatus): boolean {
  for (const c of status.columns) io.out(`${c.column.padEnd(38)} current ${c.current}: ${byKey(c.byKey)}${c.old > 0 ? `  (${c.old} under old keys)` : ''}`);
  io.out(
    `${'card_secrets (unused)'.padEnd(38)} current pepper ${status.secrets.current}: ${byKey(Object.fromEntries(Object.entries(status.secrets.byPepper).map(([v, n]) => [`pepper ${v}`, n])))}`,
  );
  const oldKeys = status.columns.reduce((sum, c) => sum + c.old, 0);
  if (oldKeys === 0) io.out('Every ciphertext is under the current DATA_KEYS and PIN_KEYS versions: older versions can be removed.');
  else io.out(`${oldKeys} ciphertexts are under older key versions: run "tessera keys rotate" before removing one.`);
  if (status.secrets.old > 0) {
    io.out(`${status.secrets.old} unused secrets are hashed with an older pepper: keep it until they are used or replaced (a secret cannot be re-hashed without it).`);
  }
  for (const c of status.indexes) {
    io.out(`${c.column.padEnd(38)} current ${c.current}: ${byKey(c.byVersion)}${c.old > 0 ? `  (${c.old} under an old index key, ${MOVES[c.how]})` : ''}`);
  }
  const oldIndexes = status.indexes.reduce((sum, c) => sum + c.old, 0);
  if (oldIndexes === 0) io.out('Every blind index is under the current INDEX_KEYS version: the other version can be removed.');
  else io.out(`${oldIndexes} blind indexes are under the other INDEX_KEYS version: keep it until none are (lookups try both meanwhile).`);
  return oldKeys > 0 || oldIndexes > 0;
}

/** How a row under an old index key gets to the current one (db/repositories/indexed-columns.ts). */
const MOVES = {
  recomputed: 'run "tessera keys rotate"',
  'on-use': 'moved at its next use',
  expires: 'gone when it expires',
} as const;

export const keysStatus: CommandSpec = {
  name: 'keys status',
  summary: 'count the rows under each key version (what an old key is still needed for)',
  help: `Usage: tessera keys status

For every encrypted column, how many rows each key version sealed (v = DATA_KEYS, p = PIN_KEYS),
for the unused secrets (codes, passcodes) how many each pepper version hashed, and for every
blind index column (i = INDEX_KEYS) how many rows each index key version made: card numbers,
brand API keys, guessing counters of unknown numbers, and short-lived ones that still count
(unexpired PIN frame keys and identity sessions, idempotency keys of the last day). Changes
nothing. Exit status 0 when nothing is under an old key version, 1 otherwise.

Options:
  -h, --help   show this help`,
  options: {},
  check: noArguments('keys status'),
  async run(ctx) {
    return printStatus(ctx.io, await keyStatus(ctx)) ? EXIT.failed : EXIT.ok;
  },
};

export const keysRotate: CommandSpec = {
  name: 'keys rotate',
  summary: 're-encrypt card numbers, PINs and holder data to the current key versions, and re-index card numbers under the current index key',
  help: `Usage: tessera keys rotate [--batch-size N]

Re-seals every ciphertext that is not under the current version of its keys (DATA_KEYS_CURRENT,
PIN_KEY_CURRENT) with the current version: card numbers, holder data, PINs, the outbox, payout
and identity data. Page by page, each page in its own transaction: an interrupted run can simply
be run again and goes on where it stopped. The server keeps running meanwhile. Afterwards it
prints "tessera keys status"; when nothing is under an old version, that version can be removed
from DATA_KEYS or PIN_KEYS. Secrets hashed with an old pepper cannot be re-hashed (the secret is
not known): they move to the current pepper when next set.

Rotation: add a version (DATA_KEYS=1:OLD,2:NEW), make it current (DATA_KEY_CURRENT=2), restart
the server processes, run this, then remove version 1 and restart again.

Blind indexes (INDEX_KEYS, at most two versions): card numbers and identity subjects are indexed
again under INDEX_KEY_CURRENT from their own ciphertexts, in the same resumable pages; lookups try
both versions meanwhile. Brand API keys and the guessing counters of unknown numbers cannot be
indexed again (the value is not stored): each moves at its next use. See docs/deployment.md#key-rotation
for the order of the restarts.

Options:
  --batch-size N   rows per transaction (default 500)
  -h, --help       show this help`,
  options: { 'batch-size': { type: 'string' } },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError('keys rotate takes no arguments');
    const size = values['batch-size'];
    if (size !== undefined && !/^[1-9]\d{0,5}$/.test(String(size))) throw new UsageError('keys rotate: --batch-size must be a whole number from 1 to 999999');
  },
  async run(ctx, { values }) {
    const result = await rotateKeys(ctx, { batchSize: Number(values['batch-size'] ?? 500) });
    for (const c of result.columns) {
      if (c.resealed > 0 || c.unreadable > 0) {
        ctx.io.out(`${c.column}: ${c.resealed} re-sealed${c.unreadable > 0 ? `, ${c.unreadable} that no configured key opens (left as they are)` : ''}`);
      }
    }
    for (const c of result.indexes) {
      if (c.reindexed > 0 || c.unreadable > 0 || c.taken > 0) {
        const notes = [
          c.unreadable > 0 ? `${c.unreadable} whose ciphertext no configured key opens` : '',
          c.taken > 0 ? `${c.taken} whose new index another row has (the same value stored twice; left under the old version)` : '',
        ].filter(Boolean);
        ctx.io.out(`${c.column}: ${c.reindexed} re-indexed${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`);
      }
    }
    const unreadable = result.columns.reduce((sum, c) => sum + c.unreadable, 0) + result.indexes.reduce((sum, c) => sum + c.unreadable + c.taken, 0);
    printStatus(ctx.io, result.after);
    return unreadable > 0 ? EXIT.failed : EXIT.ok;
  },
};
