import { type Kysely, sql } from 'kysely';
import { atomically, isPostgres, setAllowedCodes } from './steps.js';
import { ledgerEntries } from './tables.js';

/**
 * Support and card operations (docs/decisions/019; the brand API, docs/decisions/020, shares both):
 * - A block is kept beside the card's state, not as a state: `cards block` / `cards unblock` (and
 *   later the brand API and the cardholder) stop a card and let it go again in the state it had
 *   (an inactive Visa card stays inactive). `blocked_at` says since when, `block_reason` why.
 * - The ledger's kinds gain `adjustment` (an operator's correction), `redemption` and `refund`
 *   (spending at the brand's tills through the brand API). A CHECK cannot be altered in SQLite: the table is
 *   rebuilt with its rows, index and constraints.
 */
const OLD_KINDS = ['load', 'payout', 'fee', 'replacement_out', 'replacement_in', 'expiry'];
const NEW_KINDS = [...OLD_KINDS, 'adjustment', 'redemption', 'refund'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_010', async () => {
    await db.schema.alterTable('cards').addColumn('blocked_at', 'text').execute();
    await db.schema
      .alterTable('cards')
      .addColumn('block_reason', 'text', (c) => c.check(sql`block_reason is null or block_reason in ('lost', 'stolen', 'fraud', 'other')`))
      .execute();
    await setLedgerKinds(db, NEW_KINDS);
  });
}

/** Refused (and nothing changed) while the ledger holds entries of the new kinds. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_010', async () => {
    await setLedgerKinds(db, OLD_KINDS);
    await db.schema.alterTable('cards').dropColumn('block_reason').execute();
    await db.schema.alterTable('cards').dropColumn('blocked_at').execute();
  });
}

async function setLedgerKinds(db: Kysely<unknown>, kinds: string[]): Promise<void> {
  await setAllowedCodes(db, ledgerEntries, kinds);
  if (isPostgres(db)) return;
  await db.schema.createIndex('ledger_entries_card_idx').on('ledger_entries').column('card_id').execute();
}
