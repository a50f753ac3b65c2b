import { type Kysely, sql } from 'kysely';
import { atomically, isPostgres } from './steps.js';

/**
 * `cards.balance`: the sum of the card's ledger entries in the card's own asset, kept by the
 * database itself as entries are written (docs/decisions/048). The ledger stays the truth every
 * money path reads and locks; the column is what a list of cards shows (the back office's
 * search answers 50 cards with their balances), so a list reads no ledger.
 *
 * Kept by triggers on `ledger_entries`, so no writer (the flows, the brand API, an import, the
 * CLI, a statement typed by an operator) can forget it, in the writer's own transaction:
 * - an insert adds its amounts to their cards (PostgreSQL: once per statement, over the
 *   statement's new rows, so an import's batch of thousands is one join; SQLite: per row);
 * - a delete takes them off again (the ledger deletes nothing; tests and the operator's repair
 *   of a bad import do);
 * - changing an entry's amount, card or asset is refused: an entry is written once.
 * An entry in another asset than its card's changes nothing here (the card page still lists it).
 * Existing cards get their balance from the ledger in this migration (one UPDATE over the cards:
 * on PostgreSQL a new version of each card row, under the lock of the migration's transaction).
 *
 * SQLite drops a table's triggers with the table: a later migration that rebuilds
 * `ledger_entries` (steps.ts setAllowedCodes) must create them again (`createBalanceTriggers`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_026', async () => {
    await db.schema.alterTable('cards').addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    if (isPostgres(db)) {
      await sql`update cards c set balance = s.total
        from (select l.card_id, sum(l.amount) as total from ledger_entries l join cards k on k.id = l.card_id and k.asset_code = l.asset_code group by l.card_id) s
        where c.id = s.card_id`.execute(db);
    } else {
      await sql`update cards set balance = coalesce((select sum(l.amount) from ledger_entries l where l.card_id = cards.id and l.asset_code = cards.asset_code), 0)`.execute(db);
    }
    await createBalanceTriggers(db);
  });
}

export async function createBalanceTriggers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // One function for both triggers: each names its statement's rows `entries` and passes the
    // sign they count with (+1 written, -1 deleted).
    await sql`create function cards_balance_move() returns trigger language plpgsql as $$
      begin
        update cards c set balance = c.balance + TG_ARGV[0]::int * n.total
          from (select card_id, asset_code, sum(amount) as total from entries group by card_id, asset_code) n
          where c.id = n.card_id and c.asset_code = n.asset_code;
        return null;
      end $$`.execute(db);
    await sql`create function ledger_entries_written_once() returns trigger language plpgsql as $$
      begin
        raise exception 'a ledger entry''s amount, card and asset are written once';
      end $$`.execute(db);
    await sql`create trigger ledger_entries_balance_insert after insert on ledger_entries
      referencing new table as entries for each statement execute function cards_balance_move('1')`.execute(db);
    await sql`create trigger ledger_entries_balance_delete after delete on ledger_entries
      referencing old table as entries for each statement execute function cards_balance_move('-1')`.execute(db);
    await sql`create trigger ledger_entries_written_once before update of amount, card_id, asset_code on ledger_entries
      for each row when (old.amount is distinct from new.amount or old.card_id is distinct from new.card_id or old.asset_code is distinct from new.asset_code)
      execute function ledger_entries_written_once()`.execute(db);
    return;
  }
  await sql`create trigger ledger_entries_balance_insert after insert on ledger_entries begin
      update cards set balance = balance + new.amount where id = new.card_id and asset_code = new.asset_code;
    end`.execute(db);
  await sql`create trigger ledger_entries_balance_delete after delete on ledger_entries begin
      update cards set balance = balance - old.amount where id = old.card_id and asset_code = old.asset_code;
    end`.execute(db);
  await sql`create trigger ledger_entries_written_once before update of amount, card_id, asset_code on ledger_entries
      when old.amount is not new.amount or old.card_id is not new.card_id or old.asset_code is not new.asset_code begin
      select raise(abort, 'a ledger entry''s amount, card and asset are written once');
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, 'migration_026', async () => {
    if (isPostgres(db)) {
      await sql`drop trigger ledger_entries_written_once on ledger_entries`.execute(db);
      await sql`drop trigger ledger_entries_balance_delete on ledger_entries`.execute(db);
      await sql`drop trigger ledger_entries_balance_insert on ledger_entries`.execute(db);
      await sql`drop function ledger_entries_written_once()`.execute(db);
      await sql`drop function cards_balance_move()`.execute(db);
    } else {
      await sql`drop trigger ledger_entries_written_once`.execute(db);
      await sql`drop trigger ledger_entries_balance_delete`.execute(db);
      await sql`drop trigger ledger_entries_balance_insert`.execute(db);
    }
    await db.schema.alterTable('cards').dropColumn('balance').execute();
  });
}
