import type { Kysely } from 'kysely';
import { setPayoutStatuses } from './payout-statuses.js';
import { atomically } from './steps.js';

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

/** The indexes 005 made besides the open-payout one: SQLite's rebuild loses them. */
const INDEXES: [name: string, columns: string[]][] = [
  ['payouts_status_idx', ['status', 'created_at']],
  ['payouts_batch_idx', ['batch_id']],
];

const setStatuses = (db: Kysely<unknown>, statuses: string[]) => setPayoutStatuses(db, statuses, creditedBack(statuses), INDEXES);

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_011', () => setStatuses(db, NEW_STATUSES));
}

/** Refused (and nothing changed) while a payout is `returned`. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_011', () => setStatuses(db, OLD_STATUSES));
}
