import { sql } from 'kysely';
import type { NumberGuessesTable } from '../schema.js';
import type { Executor } from './executor.js';

export type NumberGuesses = Pick<NumberGuessesTable, 'failed_attempts' | 'locked_until'>;

/**
 * The guessing counters of a number that finds no accepted card, created at 0 when there are none,
 * with the row locked until the transaction ends (the upsert's DO UPDATE takes the row lock on
 * PostgreSQL; SQLite has one writer). One statement, as the real card's secret read is one: the two
 * paths of a wrong guess run the same number of statements (docs/security.md#guessing).
 */
export async function lockNumberGuesses(db: Executor, numberIndex: string, now: string): Promise<NumberGuesses> {
  return db
    .insertInto('number_guesses')
    .values({ number_index: numberIndex, failed_attempts: 0, locked_until: null, updated_at: now })
    .onConflict((oc) => oc.column('number_index').doUpdateSet({ number_index: sql`excluded.number_index` }))
    .returning(['failed_attempts', 'locked_until'])
    .executeTakeFirstOrThrow();
}

/**
 * While an index key rotation is under way (docs/decisions/023): the counters of a number kept
 * under the previous version move to the current one, unless the current one has counters
 * already. `keys rotate` cannot move them (the number is not stored), so each moves at its
 * number's next guess, and an unmoved one is forgotten as any other, 30 days after its last guess.
 * PostgreSQL: of two guesses at once, the second waits for the first's row lock and then finds no
 * row under the previous version; its lockNumberGuesses reads the moved row.
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

/** Forgets the counters of numbers last guessed before `before`; answers how many. */
export async function forgetNumberGuesses(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('number_guesses').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
