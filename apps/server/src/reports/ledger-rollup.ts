import type { Db } from '../db/database.js';
import { addToLedgerHours, countRunningTransactions, ledgerCountedTo, ledgerMark } from '../db/repositories/reports.js';

/**
 * The hourly roll-up of the ledger the reports read (docs/decisions/038, "The roll-up"): the
 * entries' number and sum per brand, UTC hour, asset and kind in ledger_hours, counted by the
 * ledger's insertion sequence (migration 025), never by time: an entry written late with a time
 * in an hour already counted (an import's batches carry the time the import began; a
 * transaction commits after the time it read) has a number above what was counted, so the
 * reports still read it from the ledger and the next roll-up adds it to its hour. Run by the
 * housekeeping sweep of every server process; outside the money's write path (the writers only
 * draw a number).
 *
 * Safe with several processes at once: each takes the roll-up's row (PostgreSQL: FOR UPDATE;
 * SQLite: its one writer) and adds only the range above the counted_to it finds there, so two
 * runs add disjoint ranges and an entry is added once. Only a range whose every entry is
 * committed or gone is added: on SQLite one transaction writes at a time, so every rowid below the
 * largest committed one is committed; on PostgreSQL the run first waits for the transactions that
 * were writing to the ledger when it read the largest number (the only ones that can still commit
 * a smaller number: db/repositories/reports.ts ledgerMark), and adds nothing this time if they
 * outlast `waitMs` (a long import's batch): the reports then read a little more from the ledger.
 */

/** Entries' insertion numbers per transaction: the first run over a large ledger goes in steps, so no transaction holds the roll-up's row (or SQLite's write lock) for long. */
export const ROLLUP_STEP = 200_000;

export interface RollupDeps {
  db: Db;
  now: () => Date;
  /** How long to wait for the ledger's running writers (PostgreSQL), default 10 s. */
  waitMs?: number;
  /** Entries per transaction, default ROLLUP_STEP. */
  step?: number;
}

export interface RollupResult {
  /** Ledger entries this run added to ledger_hours. */
  entries: number;
  /** Every entry at or below this insertion number is counted. */
  countedTo: number;
  /** The writers running at the start outlasted the wait: nothing new was counted this time. */
  waited: boolean;
}

export async function rollUpLedger(deps: RollupDeps): Promise<RollupResult> {
  const { db } = deps;
  const mark = await ledgerMark(db);
  const until = Date.now() + (deps.waitMs ?? 10_000);
  while ((await countRunningTransactions(db, mark.running)) > 0) {
    if (Date.now() >= until) return { entries: 0, countedTo: await ledgerCountedTo(db), waited: true };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const step = deps.step ?? ROLLUP_STEP;
  let entries = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const after = await ledgerCountedTo(trx, { forUpdate: true });
      if (after >= mark.upTo) return { added: 0, countedTo: after, more: false };
      const upTo = Math.min(mark.upTo, after + step);
      const added = await addToLedgerHours(trx, { after, upTo, at: deps.now().toISOString() });
      return { added, countedTo: upTo, more: upTo < mark.upTo };
    });
    entries += done.added;
    if (!done.more) return { entries, countedTo: done.countedTo, waited: false };
  }
}
