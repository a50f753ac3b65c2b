import type { Kysely } from 'kysely';
import { createTableKeyedBy } from './table-steps.js';

/**
 * `number_guesses`: the guessing counters of card numbers that find no card this brand and flow
 * accept (unknown numbers, another brand's cards, cards the flow does not take), keyed by the
 * number's blind index. With them an unknown number answers exactly as a real card with a wrong
 * secret does, the escalating cool-downs included, so no answer tells whether a number exists
 * (docs/security.md#guessing). A row is forgotten 30 days after its last wrong guess
 * (operator/forget-number-guesses.ts), which bounds the table by the guessing rate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableKeyedBy(db, 'number_guesses', 'number_index')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('number_guesses_updated_at').on('number_guesses').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('number_guesses').execute();
}
