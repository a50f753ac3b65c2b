import { sql } from 'kysely';
import type { CardRow, CardSecretRow, CardSecretsTable } from '../schema.js';
import { isPostgres } from '../database.js';
import { preparedQuery } from '../prepared.js';
import { NUMBER_CHECK_LOCKS } from './number-guesses.js';
import type { Executor } from './executor.js';

/** The secret of a kind that is currently valid (not used, not replaced, not expired). */
export async function findCurrentSecret(
  db: Executor,
  cardId: string,
  kind: CardSecretsTable['kind'],
  now: string,
): Promise<CardSecretRow | undefined> {
  return db
    .selectFrom('card_secrets')
    .selectAll()
    .where('card_id', '=', cardId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Stores a new secret of a kind; the previous one stops working (marked used). */
export async function replaceSecret(
  db: Executor,
  secret: Omit<CardSecretRow, 'used_at'>,
): Promise<void> {
  await db
    .updateTable('card_secrets')
    .set({ used_at: secret.created_at })
    .where('card_id', '=', secret.card_id)
    .where('kind', '=', secret.kind)
    .where('used_at', 'is', null)
    .execute();
  await db.insertInto('card_secrets').values({ ...secret, used_at: null }).execute();
}

export async function markSecretUsed(db: Executor, secretId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('card_secrets')
    .set({ used_at: now })
    .where('id', '=', secretId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A wrong try at a one-time code: one of its tries is used; the last one ends the code (used_at),
 * so a sixth try never reaches the comparison.
 */
export async function spendAttempt(db: Executor, secretId: string, now: string): Promise<void> {
  await db
    .updateTable('card_secrets')
    .set((eb) => ({
      attempts_left: eb('attempts_left', '-', 1),
      used_at: eb.case().when('attempts_left', '<=', 1).then(now).else(eb.ref('used_at')).end(),
    }))
    .where('id', '=', secretId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * How many one-time codes a card was sent since a moment (every purpose): the per-card limit on
 * code requests (3 an hour). Replaced and used codes count too: they were sent.
 */
export async function countOneTimeCodesSince(db: Executor, cardId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('card_secrets')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('card_id', '=', cardId)
    .where('kind', '=', 'one_time_code')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const cardWithCurrentSecret = preparedQuery(
  // The number's index twice (lockIndex): a prepared query binds each named input once.
  (db, p: { numberIndex: string; previousIndex: string; lockIndex: string; kind: CardSecretsTable['kind']; now: string }) =>
    db
      // Always one row, nulls when no card has the number: the secret's subquery runs either way,
      // so a number without a card costs what a card's does (docs/security.md#guessing).
      // PostgreSQL: first waits for the secret checks in flight on the number (NUMBER_CHECK_LOCKS),
      // in the same statement; see findCardWithCurrentSecret.
      .selectFrom(
        (isPostgres(db)
          ? sql<{ one: number }>`(select 1 as one, pg_advisory_xact_lock_shared(${NUMBER_CHECK_LOCKS}, hashtext(${p.lockIndex})) as waited)`
          : // SQLite runs one write transaction at a time: nothing to wait for. (The index is
            // bound all the same: a prepared query binds every named input once.)
            sql<{ one: number }>`(select 1 as one, ${p.lockIndex} as waited)`
        ).as('one'),
      )
      // Both index key versions, always (the same value twice without a rotation): one SQL text.
      .leftJoin('cards', (join) => join.on('cards.number_index', 'in', [p.numberIndex, p.previousIndex]))
      // The current secret is picked by a correlated subquery, so at most one row is read and
      // nothing is sorted but the card's few secrets of the kind.
      .leftJoin('card_secrets as s', (join) =>
        join.on((eb) =>
          eb(
            's.id',
            '=',
            eb
              .selectFrom('card_secrets as x')
              .select('x.id')
              .whereRef('x.card_id', '=', 'cards.id')
              .where('x.kind', '=', p.kind)
              .where('x.used_at', 'is', null)
              .where((inner) => inner.or([inner('x.expires_at', 'is', null), inner('x.expires_at', '>', p.now)]))
              .orderBy('x.created_at', 'desc')
              .limit(1),
          ),
        ),
      )
      .selectAll('cards')
      .select([
        's.id as secret_id',
        's.hash as secret_hash',
        's.pepper_version as secret_pepper_version',
        's.purpose as secret_purpose',
        's.attempts_left as secret_attempts_left',
        's.expires_at as secret_expires_at',
        's.created_at as secret_created_at',
      ]),
);

/** What findCardWithCurrentSecret answers for a number that has a card. */
export interface CardWithCurrentSecret {
  card: CardRow;
  /** The card's current secret of the kind asked for; undefined when it has none. */
  secret: CardSecretRow | undefined;
}

/**
 * A card by the blind index of its number together with its current secret of a kind (the one
 * findCurrentSecret answers), in one statement: the first look of a secret check, and the one read
 * of its transaction. On PostgreSQL the statement first waits until the secret checks on the
 * number that hold its lock (lockNumberGuesses) are done; outside a transaction the wait's lock
 * ends with the statement, inside the check's own it is the lock the check holds already. So the
 * read-only path's second look, the next statement, sees what the checks queued before it
 * committed: a right code sent behind a burst of wrong ones finds the cool-down they started.
 * (The wait cannot serve this statement itself: its snapshot is taken before the wait.)
 */
export async function findCardWithCurrentSecret(
  db: Executor,
  [numberIndex, previousIndex]: readonly [string, string],
  kind: CardSecretsTable['kind'],
  now: string,
): Promise<CardWithCurrentSecret | undefined> {
  const [row] = await cardWithCurrentSecret(db, { numberIndex, previousIndex, lockIndex: numberIndex, kind, now });
  if (!row || row.id === null) return undefined;
  const { secret_id, secret_hash, secret_pepper_version, secret_purpose, secret_attempts_left, secret_expires_at, secret_created_at, ...columns } = row;
  // The left join types every card column as nullable; a row with an id is a whole card.
  const card = columns as CardRow;
  return {
    card,
    secret:
      secret_id !== null && secret_hash !== null && secret_pepper_version !== null && secret_created_at !== null
        ? {
            id: secret_id,
            card_id: card.id,
            kind,
            hash: secret_hash,
            pepper_version: secret_pepper_version,
            purpose: secret_purpose,
            attempts_left: secret_attempts_left,
            expires_at: secret_expires_at,
            used_at: null,
            created_at: secret_created_at,
          }
        : undefined,
  };
}

/**
 * Deletes secrets no longer in use since before `before`: used ones, and one-time codes that
 * expired unused; never one an identity session still names as the code it was started with.
 * Answers how many went.
 */
export async function deleteSpentSecretsBefore(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('card_secrets')
    .where((eb) => eb.or([eb('used_at', '<', before), eb.and([eb('used_at', 'is', null), eb('expires_at', '<', before)])]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('identity_sessions as s').select('s.id').whereRef('s.bound_secret_id', '=', 'card_secrets.id'))))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
