import { sql } from 'kysely';
import { PURPOSE } from '../../crypto/purpose.js';
import { isPostgres } from '../database.js';
import type { Executor } from './executor.js';

/**
 * Every column that holds a ciphertext, with what opens it: the data keys ("v{n}.…") or the PIN
 * keys ("p{n}.…"), the purpose bound into it, the row's key, and the column that repeats its key
 * version where there is one. The key rotation (operator/rotate-keys.ts) walks this list; a new
 * encrypted column belongs here, or its rows would keep an old key alive.
 */
export interface SealedColumn {
  table: string;
  key: string;
  column: string;
  purpose: string;
  keyring: 'data' | 'pin';
  versionColumn?: string;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'cards', key: 'id', column: 'number_ciphertext', purpose: PURPOSE.cardNumber, keyring: 'data', versionColumn: 'number_key_version' },
  { table: 'visa_holders', key: 'card_id', column: 'holder_ciphertext', purpose: PURPOSE.visaHolder, keyring: 'data', versionColumn: 'key_version' },
  { table: 'visa_holders', key: 'card_id', column: 'pin_ciphertext', purpose: PURPOSE.visaPin, keyring: 'pin' },
  { table: 'outbox_messages', key: 'id', column: 'payload_ciphertext', purpose: PURPOSE.outboxMessage, keyring: 'data' },
  { table: 'local_mailbox', key: 'id', column: 'message_ciphertext', purpose: PURPOSE.localMailbox, keyring: 'data' },
  { table: 'card_replacements', key: 'old_card_id', column: 'email_ciphertext', purpose: PURPOSE.replacementEmail, keyring: 'data' },
  { table: 'payouts', key: 'id', column: 'name_ciphertext', purpose: PURPOSE.payoutName, keyring: 'data' },
  { table: 'payouts', key: 'id', column: 'iban_ciphertext', purpose: PURPOSE.payoutIban, keyring: 'data' },
  { table: 'payout_iban_blocks', key: 'id', column: 'iban_ciphertext', purpose: PURPOSE.payoutIban, keyring: 'data' },
  { table: 'identity_sessions', key: 'id', column: 'request_ciphertext', purpose: PURPOSE.identityRequest, keyring: 'data' },
  { table: 'identity_sessions', key: 'id', column: 'identity_ciphertext', purpose: PURPOSE.identity, keyring: 'data' },
  { table: 'identity_sessions', key: 'id', column: 'bound_iban_ciphertext', purpose: PURPOSE.identityIban, keyring: 'data' },
  { table: 'card_registrations', key: 'card_id', column: 'identity_ciphertext', purpose: PURPOSE.identity, keyring: 'data' },
  { table: 'idempotency_keys', key: 'id', column: 'response_ciphertext', purpose: PURPOSE.idempotentResponse, keyring: 'data' },
  { table: 'webhook_endpoints', key: 'id', column: 'secret_ciphertext', purpose: PURPOSE.webhookSecret, keyring: 'data' },
  { table: 'card_notes', key: 'id', column: 'text_ciphertext', purpose: PURPOSE.cardNote, keyring: 'data' },
  { table: 'staff_logins', key: 'state_hash', column: 'request_ciphertext', purpose: PURPOSE.staffLogin, keyring: 'data' },
];

/** The key a ciphertext names: its part before the first dot ("v1", "p2"). */
function keyNameOf(db: Executor, column: string) {
  return isPostgres(db) ? sql<string>`split_part(${sql.ref(column)}, '.', 1)` : sql<string>`substr(${sql.ref(column)}, 1, instr(${sql.ref(column)}, '.') - 1)`;
}

/** How many rows of a column each key has sealed ("v1" → 12, "v2" → 3000). */
export async function countSealedByKey(db: Executor, col: SealedColumn): Promise<Map<string, number>> {
  const name = keyNameOf(db, col.column);
  const { rows } = await sql<{ key_name: string; n: string | number }>`
    select ${name} as key_name, count(*) as n from ${sql.table(col.table)}
    where ${sql.ref(col.column)} is not null group by ${name}`.execute(db);
  return new Map(rows.map((r) => [r.key_name, Number(r.n)]));
}

/** A page of rows not sealed under `current` ("v2"), after the row key `after`, in key order. */
export async function findSealedElsewhere(
  db: Executor,
  col: SealedColumn,
  current: string,
  after: string,
  limit: number,
): Promise<{ key: string; sealed: string }[]> {
  const { rows } = await sql<{ key: string; sealed: string }>`
    select ${sql.ref(col.key)} as key, ${sql.ref(col.column)} as sealed from ${sql.table(col.table)}
    where ${sql.ref(col.column)} is not null and ${sql.ref(col.column)} not like ${`${current}.%`} and ${sql.ref(col.key)} > ${after}
    order by ${sql.ref(col.key)} limit ${limit}`.execute(db);
  return rows;
}

/**
 * Replaces one ciphertext, only if the row still holds the one that was read (a row changed
 * meanwhile is left for the next run). Answers whether it was replaced.
 */
export async function replaceSealed(db: Executor, col: SealedColumn, key: string, was: string, now: string, version: number): Promise<boolean> {
  const setVersion = col.versionColumn ? sql`, ${sql.ref(col.versionColumn)} = ${version}` : sql``;
  const result = await sql`
    update ${sql.table(col.table)} set ${sql.ref(col.column)} = ${now}${setVersion}
    where ${sql.ref(col.key)} = ${key} and ${sql.ref(col.column)} = ${was}`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Secrets by pepper version: they cannot be re-hashed without the secret, only counted. */
export async function countSecretsByPepper(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('card_secrets')
    .select((eb) => ['pepper_version', eb.fn.countAll<number | string | bigint>().as('n')])
    .where('used_at', 'is', null)
    .groupBy('pepper_version')
    .execute();
  return new Map(rows.map((r) => [r.pepper_version, Number(r.n)]));
}
