import { type Kysely, sql } from 'kysely';
import { atomically } from './steps.js';
import { createTableWithId } from './table-steps.js';

/**
 * Balance adjustments under four eyes (docs/decisions/035): a member of staff proposes one, a
 * second person with finance or admin on the card's brand approves it (the `adjustment` ledger
 * entry is booked then) or rejects it. `adjustment_proposals` keeps each proposal with who
 * proposed and decided and when; the amounts before and after are the balance the approval saw.
 * - `(card_id, reference)` is unique where a reference is given: a proposal sent twice (a
 *   network retry) is one proposal.
 * - the queue is read by status, newest first, and a card's proposals by card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_019', async () => {
    await createTableWithId(db, 'adjustment_proposals')
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
      .addColumn('asset_code', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount <> 0`))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'applied', 'rejected')`))
      .addColumn('proposed_by', 'text', (c) => c.notNull())
      .addColumn('proposed_at', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('decision_reason', 'text')
      .addColumn('balance_before', 'integer')
      .addColumn('balance_after', 'integer')
      .execute();
    await db.schema.createIndex('adjustment_proposals_status_idx').on('adjustment_proposals').columns(['status', 'proposed_at', 'id']).execute();
    await db.schema.createIndex('adjustment_proposals_card_idx').on('adjustment_proposals').columns(['card_id', 'proposed_at', 'id']).execute();
    await db.schema
      .createIndex('adjustment_proposals_reference_uq')
      .on('adjustment_proposals')
      .columns(['card_id', 'reference'])
      .unique()
      .where(sql.ref('reference'), 'is not', null)
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('adjustment_proposals').execute();
}
