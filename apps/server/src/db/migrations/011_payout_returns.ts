import { type Kysely, sql } from 'kysely';
import { atomically, isPostgres, setAllowedCodes } from './steps.js';
import { payouts } from './tables.js';

/**
 * A payout the bank paid and then returned (`tessera payouts return`, docs/operations.md): the receiving
 * account was closed, say. The payout's status gains `returned`, which, like `failed`, means the
 * money went back onto the card, so the card may be paid out again: the partial unique index
 * "one payout per card that still holds the card's money" leaves out both.
 *
 * A CHECK cannot be altered in SQLite: the table is rebuilt with its rows, indexes and
 * constraints, inside a savepoint (as 010 does), so a failure halfway leaves nothing behind.
 */
const OLD_STATUSES = ['pending', 'exported', 'paid', 'failed'];
const NEW_STATUSES = [...OLD_STATUSES, 'returned'];

/** The statuses whose money went back onto the card: outside the one-open-payout-per-card index. */
const creditedBack = (statuses: string[]) => (statuses.includes('returned') ? ['failed', 'returned'] : ['failed']);

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_011', () => setPayoutStatuses(db, NEW_STATUSES));
}

/** Refused (and nothing changed) while a payout is `returned`. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_011', () => setPayoutStatuses(db, OLD_STATUSES));
}

async function openIndex(db: Kysely<unknown>, statuses: string[]): Promise<void> {
  await db.schema
    .createIndex('payouts_card_open_idx')
    .on('payouts')
    .column('card_id')
    .unique()
    .where(sql.ref('status'), 'not in', creditedBack(statuses))
    .execute();
}

async function setPayoutStatuses(db: Kysely<unknown>, statuses: string[]): Promise<void> {
  await setAllowedCodes(db, payouts, statuses);
  if (isPostgres(db)) {
    await db.schema.dropIndex('payouts_card_open_idx').execute();
    await openIndex(db, statuses);
    return;
  }
  await openIndex(db, statuses);
  await db.schema.createIndex('payouts_status_idx').on('payouts').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payouts_batch_idx').on('payouts').column('batch_id').execute();
}
