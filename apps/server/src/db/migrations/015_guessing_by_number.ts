import { type Kysely, sql } from 'kysely';

/**
 * Every number's guessing counters in one place (docs/decisions/027): a real
 * card's consecutive wrong secrets, cool-down and lock are copied from its `cards` row to
 * `number_guesses`, where an unknown number's already were, under the number's blind index. A
 * wrong guess then runs the same statements on the same table whether the number is a card or
 * not, and takes the same time on PostgreSQL too (the `cards` row's lock and update cost more than
 * the small counters row; 0.22 to 0.31 ms apart before, where they must differ by less than 0.2 ms).
 *
 * The operator lock was a flag; it is now what it always meant, 100 consecutive wrong secrets
 * (domain/guessing-policy.ts): a locked card's count is carried as at least 100. Where a number
 * already had counters (guesses made on another brand's portal), the higher count and the later
 * cool-down are kept.
 *
 * The `cards` columns stay, unused by this release's code: migrations only add to the schema,
 * so replicas of the previous release keep running on it while they are replaced one by one
 * (docs/deployment.md#upgrades). Until then they count on the card's row and this release on the
 * number's: during the rollout a card's wrong guesses are split between the two (at most twice
 * the tries for as long as the rollout lasts). A later release's migration drops the columns.
 * `down` changes nothing: the old code reads the `cards` columns, which were left as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO number_guesses (number_index, failed_attempts, locked_until, updated_at)
    SELECT number_index,
           CASE WHEN operator_locked = 1 AND failed_attempts < 100 THEN 100 ELSE failed_attempts END,
           locked_until,
           updated_at
      FROM cards
     WHERE failed_attempts > 0 OR locked_until IS NOT NULL OR operator_locked = 1
    ON CONFLICT (number_index) DO UPDATE SET
      failed_attempts = CASE WHEN excluded.failed_attempts > number_guesses.failed_attempts
                             THEN excluded.failed_attempts ELSE number_guesses.failed_attempts END,
      locked_until = CASE WHEN number_guesses.locked_until IS NULL
                            OR (excluded.locked_until IS NOT NULL AND excluded.locked_until > number_guesses.locked_until)
                          THEN excluded.locked_until ELSE number_guesses.locked_until END,
      updated_at = CASE WHEN excluded.updated_at > number_guesses.updated_at
                        THEN excluded.updated_at ELSE number_guesses.updated_at END
  `.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo in the schema: see above.
}
