import { sql } from 'kysely';
import { GUESSING_LOCK_AFTER } from '../../domain/guessing-policy.js';
import { isPostgres } from '../database.js';
import { preparedQuery } from '../prepared.js';
import type { CardRow, NumberGuessesTable } from '../schema.js';
import type { Executor } from './executor.js';

export type NumberGuesses = Pick<NumberGuessesTable, 'failed_attempts' | 'locked_until'>;

/**
 * The PostgreSQL advisory lock space of a number's secret checks (pg_advisory_xact_lock's first
 * key; the second is a hash of the number's blind index). Any constant no other lock uses.
 */
export const NUMBER_CHECK_LOCKS = 0x6e67;

/**
 * The guessing counters of a number (a card's or not, docs/decisions/027), created at 0 when
 * there are none, held until the transaction ends: every secret check on the number queues up
 * here, so the count it reads is the count it writes. SQLite has one writer. PostgreSQL: the
 * upsert's DO UPDATE locks the row when there is one, but a check that is inserting it holds
 * nothing a reader could wait for; so the statement first takes a transaction advisory lock on
 * the number, which the first look of every secret check waits for (findCardWithCurrentSecret in
 * card-secrets.ts). One statement either way, the same on a card's path and an unknown number's.
 */
export async function lockNumberGuesses(db: Executor, numberIndex: string, now: string): Promise<NumberGuesses> {
  if (isPostgres(db)) {
    const { rows } = await sql<NumberGuesses>`
      insert into number_guesses (number_index, failed_attempts, locked_until, updated_at)
      select ${numberIndex}, 0, null, ${now} from (select pg_advisory_xact_lock(${NUMBER_CHECK_LOCKS}, hashtext(${numberIndex}))) as held
      on conflict (number_index) do update set number_index = excluded.number_index
      returning failed_attempts, locked_until`.execute(db);
    return rows[0]!;
  }
  return db
    .insertInto('number_guesses')
    .values({ number_index: numberIndex, failed_attempts: 0, locked_until: null, updated_at: now })
    .onConflict((oc) => oc.column('number_index').doUpdateSet({ number_index: sql`excluded.number_index` }))
    .returning(['failed_attempts', 'locked_until'])
    .executeTakeFirstOrThrow();
}

/**
 * A number's counters without a lock, under either index key version (`[current, previous]`,
 * the current one's when both have a row: the previous one's is moved only when the current has
 * none, carryNumberGuesses). Undefined: no wrong secret since the last right one.
 */
export async function readNumberGuesses(db: Executor, [current, previous]: readonly [string, string]): Promise<NumberGuesses | undefined> {
  const rows = await db
    .selectFrom('number_guesses')
    .select(['number_index', 'failed_attempts', 'locked_until'])
    .where('number_index', 'in', [current, previous])
    .execute();
  const row = rows.find((r) => r.number_index === current) ?? rows[0];
  return row && { failed_attempts: row.failed_attempts, locked_until: row.locked_until };
}

/**
 * Is the card still as a secret check's first look saw it, with no guessing counters on its
 * number and the same state? The read-only success path asks this once the secret has matched,
 * in the statement after the first look, which waited for the checks in flight on the number: so
 * the success is decided on the counters as the checks queued before it left them, and a burst of
 * wrong guesses that started a cool-down sends it to the transaction, which refuses. PostgreSQL: FOR SHARE also waits
 * for a write holding the card's row (a payout, a replacement) and reads the state it commits.
 */
export async function isCardStillUnguessed(
  db: Executor,
  card: Pick<CardRow, 'id' | 'state'>,
  [current, previous]: readonly [string, string],
): Promise<boolean> {
  return (await cardStillUnguessed(db, { cardId: card.id, state: card.state, current, previous })).length > 0;
}

// Prepared: every successful lookup asks it.
const cardStillUnguessed = preparedQuery((db, p: { cardId: string; state: string; current: string; previous: string }) => {
  const query = db
    .selectFrom('cards')
    .select('cards.id')
    .where('cards.id', '=', p.cardId)
    .where('cards.state', '=', p.state)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('number_guesses as g').select('g.number_index').where('g.number_index', 'in', [p.current, p.previous]))));
  return isPostgres(db) ? query.forShare() : query;
});

/**
 * While an index key rotation is under way (docs/decisions/023): the counters of a number kept
 * under the previous version move to the current one, unless the current one has counters
 * already. `keys rotate` cannot move them (the number is not stored with them), so each moves at
 * its number's next guess, and an unmoved one is forgotten as any other, 30 days after its last
 * guess. PostgreSQL: of two guesses at once, the second waits for the first's row lock and then
 * finds no row under the previous version; its lockNumberGuesses reads the moved row.
 */
export async function carryNumberGuesses(db: Executor, [current, previous]: readonly [string, string]): Promise<void> {
  // updated_at stays: the 30 days run from the last wrong guess, not from the move.
  await db
    .updateTable('number_guesses')
    .set({ number_index: current })
    .where('number_index', '=', previous)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('number_guesses as g').select('g.number_index').where('g.number_index', '=', current))))
    .execute();
}

/** Counts a wrong guess on the number (and starts its cool-down or lock when one is due). */
export async function countNumberGuess(db: Executor, numberIndex: string, failedAttempts: number, lockedUntil: string | null, now: string): Promise<void> {
  await db
    .updateTable('number_guesses')
    .set({ failed_attempts: failedAttempts, locked_until: lockedUntil, updated_at: now })
    .where('number_index', '=', numberIndex)
    .execute();
}

/**
 * Forgets a number's counters under both index key versions: a right secret, an operator's
 * unlock, a new security code sent by the operator. The count starts again.
 */
export async function forgetGuessesOf(db: Executor, [current, previous]: readonly [string, string]): Promise<void> {
  await db.deleteFrom('number_guesses').where('number_index', 'in', [current, previous]).execute();
}

/**
 * Forgets the counters of numbers last guessed before `before`, a card's or not, but never a lock
 * (100 wrong secrets: only an operator lifts it); answers how many.
 */
export async function forgetNumberGuesses(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('number_guesses')
    .where('updated_at', '<', before)
    .where('failed_attempts', '<', GUESSING_LOCK_AFTER)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
