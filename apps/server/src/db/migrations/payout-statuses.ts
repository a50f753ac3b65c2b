import { type Kysely, sql } from 'kysely';
import { isPostgres, setAllowedCodes } from './steps.js';
import { payouts } from './tables.js';

/**
 * Sets the statuses a payout may have (011_payout_returns, 020_payout_review) and makes again the
 * partial unique index "one payout per card that still holds the card's money", which leaves out
 * `creditedBack`: the statuses whose money went back onto the card. SQLite's rebuild of the table
 * (setAllowedCodes) lost its other indexes: `indexes` (name and columns), those the table had when
 * the calling migration was released, are made again there. Frozen like the migrations that use it.
 */
export async function setPayoutStatuses(
  db: Kysely<unknown>,
  statuses: readonly string[],
  creditedBack: readonly string[],
  indexes: readonly (readonly [name: string, columns: string[]])[],
): Promise<void> {
  await setAllowedCodes(db, payouts, statuses);
  if (isPostgres(db)) await db.schema.dropIndex('payouts_card_open_idx').execute();
  await db.schema
    .createIndex('payouts_card_open_idx')
    .on('payouts')
    .column('card_id')
    .unique()
    .where(sql.ref('status'), 'not in', creditedBack)
    .execute();
  if (isPostgres(db)) return;
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('payouts').columns(columns).execute();
}
