import { type RawBuilder, sql } from 'kysely';
import { PURPOSE } from '../../crypto/purpose.js';
import { normalizeEmail, normalizePhoneNumber } from '../../domain/search-values.js';
import { isPostgres } from '../database.js';
import type { Executor } from './executor.js';

/**
 * Every column that holds a blind index (a keyed hash under INDEX_KEYS), with how a row gets to
 * the current index key version (docs/decisions/023-index-key-rotation.md):
 *
 * - `recomputed`: `keys rotate` opens the ciphertext beside it (`from`) and indexes the value again;
 * - `on-use`: the value is stored nowhere, so the row moves when the value is next presented (an
 *   API key at its next call, a number's guessing counters at its next guess);
 * - `expires`: short-lived (a PIN frame key, an identity session, an idempotency key); only rows
 *   still `live` count, and lookups try both versions until they are gone.
 *
 * Lookups try the current and the previous version while two are configured, so every row is
 * found whichever version it is under. A new blind index column belongs here, or `keys status`
 * would call an index key removable while rows still need it.
 */
export interface IndexedColumn {
  table: string;
  key: string;
  column: string;
  how: 'recomputed' | 'on-use' | 'expires';
  /** A unique index: no two rows may hold one value, whatever version each is under. */
  unique?: boolean;
  /** `recomputed`: the ciphertext column, its purpose, and the value indexed from its plaintext. */
  from?: { column: string; purpose: string; purposeOfIndex: string; valueOf: (plain: string) => string };
  /** The rows that still matter (a condition on the row); every row when absent. */
  live?: (now: string) => RawBuilder<boolean>;
}

/** The identity's blind index value, as identity/complete-identity-return.ts indexes it. */
const subjectOf = (plain: string) => {
  const identity = JSON.parse(plain) as { issuer: string; subject: string };
  return `${identity.issuer} ${identity.subject}`;
};

/** subject_hash beside a sealed identity (card_registrations, identity_sessions): indexed alike. */
const identitySubject = (table: string, key: string): IndexedColumn => ({
  table,
  key,
  column: 'subject_hash',
  how: 'recomputed',
  from: { column: 'identity_ciphertext', purpose: PURPOSE.identity, purposeOfIndex: PURPOSE.identitySubject, valueOf: subjectOf },
});

/**
 * A holder's phone number and e-mail as visa_holders indexes them (cards/search-indexes.ts). A
 * row whose value is gone (erased, no e-mail) holds no index, so `keys rotate` never reads one.
 */
const holderPhoneOf = (plain: string) => normalizePhoneNumber((JSON.parse(plain) as { phoneNumber: string }).phoneNumber) ?? '';
const holderEmailOf = (plain: string) => normalizeEmail((JSON.parse(plain) as { email: string | null }).email) ?? '';

export const INDEXED_COLUMNS: readonly IndexedColumn[] = [
  {
    table: 'cards',
    key: 'id',
    column: 'number_index',
    how: 'recomputed',
    unique: true,
    from: { column: 'number_ciphertext', purpose: PURPOSE.cardNumber, purposeOfIndex: PURPOSE.cardNumber, valueOf: (number) => number },
  },
  identitySubject('card_registrations', 'card_id'),
  identitySubject('identity_sessions', 'id'),
  {
    table: 'visa_holders',
    key: 'card_id',
    column: 'phone_index',
    how: 'recomputed',
    from: { column: 'holder_ciphertext', purpose: PURPOSE.visaHolder, purposeOfIndex: PURPOSE.holderPhone, valueOf: holderPhoneOf },
  },
  {
    table: 'visa_holders',
    key: 'card_id',
    column: 'email_index',
    how: 'recomputed',
    from: { column: 'holder_ciphertext', purpose: PURPOSE.visaHolder, purposeOfIndex: PURPOSE.email, valueOf: holderEmailOf },
  },
  {
    table: 'card_replacements',
    key: 'old_card_id',
    column: 'email_index',
    how: 'recomputed',
    from: { column: 'email_ciphertext', purpose: PURPOSE.replacementEmail, purposeOfIndex: PURPOSE.email, valueOf: (email) => normalizeEmail(email) ?? '' },
  },
  // Payout review (020): the IBAN of a payout and of a brand's block list, as checked (normalised).
  {
    table: 'payouts',
    key: 'id',
    column: 'iban_index',
    how: 'recomputed',
    from: { column: 'iban_ciphertext', purpose: PURPOSE.payoutIban, purposeOfIndex: PURPOSE.payoutIban, valueOf: (iban) => iban },
  },
  {
    table: 'payout_iban_blocks',
    key: 'id',
    column: 'iban_index',
    how: 'recomputed',
    from: { column: 'iban_ciphertext', purpose: PURPOSE.payoutIban, purposeOfIndex: PURPOSE.payoutIban, valueOf: (iban) => iban },
  },
  { table: 'api_keys', key: 'id', column: 'key_hash', how: 'on-use', live: () => sql<boolean>`revoked_at is null` },
  // Every number's guessing counters, a card's or not (docs/decisions/027), forgotten 30 days after
  // the last wrong guess unless locked (app/housekeeping.ts): every row still counts.
  { table: 'number_guesses', key: 'number_index', column: 'number_index', how: 'on-use' },
  { table: 'identity_sessions', key: 'id', column: 'oidc_state_hash', how: 'expires', live: (now) => sql<boolean>`expires_at > ${now}` },
  { table: 'identity_sessions', key: 'id', column: 'session_id_hash', how: 'expires', live: (now) => sql<boolean>`expires_at > ${now}` },
  { table: 'pin_frame_keys', key: 'key_hash', column: 'key_hash', how: 'expires', live: (now) => sql<boolean>`expires_at > ${now}` },
  { table: 'pin_frame_keys', key: 'key_hash', column: 'frame_session_hash', how: 'expires', live: (now) => sql<boolean>`expires_at > ${now}` },
  // Back office sessions end at the latest 12 hours after sign-in; a sign-in under way in 10 minutes.
  { table: 'staff_sessions', key: 'id_hash', column: 'id_hash', how: 'expires', live: (now) => sql<boolean>`expires_at > ${now} and ended_at is null` },
  { table: 'staff_logins', key: 'state_hash', column: 'state_hash', how: 'expires', live: (now) => sql<boolean>`expires_at > ${now}` },
  { table: 'staff_logins', key: 'state_hash', column: 'browser_hash', how: 'expires', live: (now) => sql<boolean>`expires_at > ${now}` },
  // Kept a day (domain/brand-api-rules.ts IDEMPOTENCY_KEPT_MS); the caller passes that cut-off as `now`.
  { table: 'idempotency_keys', key: 'id', column: 'request_hash', how: 'expires', live: (since) => sql<boolean>`created_at > ${since}` },
];

/** The index key version a stored index names, as "i1", "i2" (crypto/blind-index.ts: bare is version 1). */
function versionNameOf(db: Executor, column: string) {
  const c = sql.ref(column);
  return isPostgres(db)
    ? sql<string>`case when strpos(${c}, '.') > 0 then split_part(${c}, '.', 1) else 'i1' end`
    : sql<string>`case when instr(${c}, '.') > 0 then substr(${c}, 1, instr(${c}, '.') - 1) else 'i1' end`;
}

/** Rows not under index key `version`: a bare index is version 1, "i{n}.…" version n. */
function notUnder(column: string, version: number) {
  const c = sql.ref(column);
  return version === 1 ? sql<boolean>`${c} like '%.%'` : sql<boolean>`${c} not like ${`i${version}.%`}`;
}

/**
 * A row whose index is under none of `versions`: made by a process with an index key this one
 * lacks (a rotation begun elsewhere). Scans when there is none: for operator commands, not calls.
 */
export async function findIndexedUnderOther(db: Executor, col: Pick<IndexedColumn, 'table' | 'column'>, versions: readonly number[]): Promise<boolean> {
  const c = sql.ref(col.column);
  const conditions = [sql`${c} like '%.%'`, ...versions.filter((v) => v !== 1).map((v) => sql`${c} not like ${`i${v}.%`}`)];
  if (!versions.includes(1)) conditions[0] = sql`${c} is not null`;
  const { rows } = await sql`select 1 as n from ${sql.table(col.table)} where ${sql.join(conditions, sql` and `)} limit 1`.execute(db);
  return rows.length > 0;
}

/** How many (live) rows of a column each index key version made ("i1" → 12, "i2" → 3000). */
export async function countIndexedByVersion(db: Executor, col: IndexedColumn, liveSince: string): Promise<Map<string, number>> {
  const name = versionNameOf(db, col.column);
  const live = col.live ? sql`and ${col.live(liveSince)}` : sql``;
  const { rows } = await sql<{ version: string; n: string | number }>`
    select ${name} as version, count(*) as n from ${sql.table(col.table)}
    where ${sql.ref(col.column)} is not null ${live} group by ${name}`.execute(db);
  return new Map(rows.map((r) => [r.version, Number(r.n)]));
}

/** A page of rows of a `recomputed` column not under `version`, after the row key `after`, in key order. */
export async function findIndexedElsewhere(
  db: Executor,
  col: IndexedColumn & { from: NonNullable<IndexedColumn['from']> },
  version: number,
  after: string,
  limit: number,
): Promise<{ key: string; current_index: string; sealed: string }[]> {
  const { rows } = await sql<{ key: string; current_index: string; sealed: string }>`
    select ${sql.ref(col.key)} as key, ${sql.ref(col.column)} as current_index, ${sql.ref(col.from.column)} as sealed from ${sql.table(col.table)}
    where ${sql.ref(col.column)} is not null and ${sql.ref(col.from.column)} is not null and ${notUnder(col.column, version)}
      and ${sql.ref(col.key)} > ${after}
    order by ${sql.ref(col.key)} limit ${limit}`.execute(db);
  return rows;
}

/**
 * Replaces one index, only if the row still holds the one that was read and no other row of the
 * table holds the new one (a unique index would refuse it: the same card number twice, which
 * only the restart that changes the current version could have let in). Answers what happened.
 */
export async function replaceIndex(db: Executor, col: IndexedColumn, key: string, was: string, now: string): Promise<'replaced' | 'changed' | 'taken'> {
  const c = sql.ref(col.column);
  const free = col.unique ? sql`and not exists (select 1 from ${sql.table(col.table)} as other where other.${c} = ${now})` : sql``;
  const result = await sql`
    update ${sql.table(col.table)} set ${c} = ${now}
    where ${sql.ref(col.key)} = ${key} and ${c} = ${was} ${free}`.execute(db);
  if (Number(result.numAffectedRows ?? 0) === 1) return 'replaced';
  if (!col.unique) return 'changed';
  const { rows } = await sql<{ n: number }>`select 1 as n from ${sql.table(col.table)} where ${c} = ${now}`.execute(db);
  return rows.length > 0 ? 'taken' : 'changed';
}
