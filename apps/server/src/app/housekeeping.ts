import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { deleteErrorReportsBefore } from '../db/repositories/error-reports.js';
import { deleteIdempotencyKeysBefore } from '../db/repositories/idempotency-keys.js';
import { deleteExpiredStaffLogins } from '../db/repositories/staff-logins.js';
import { deleteOldStaffSessions } from '../db/repositories/staff-sessions.js';
import { IDEMPOTENCY_KEPT_MS } from '../domain/brand-api-rules.js';
import type { Db } from '../db/database.js';
import { forgetNumberGuesses } from '../db/repositories/number-guesses.js';
import { eraseFailedPayloadsBefore } from '../db/repositories/outbox.js';
import { NUMBER_GUESSES_KEPT_MS } from '../domain/guessing-policy.js';
import { rollUpLedger } from '../reports/ledger-rollup.js';

const DAY_MS = 24 * 60 * 60_000;
/** Retention is counted in days: a report deleted up to an hour late is still deleted on time enough. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export interface HousekeepingSweeperOptions {
  db: Db;
  logger: Pick<Logger, 'info' | 'error'>;
  now?: () => Date;
  intervalMs?: number;
}

export interface SweepResult {
  /** Error reports deleted (older than ERROR_REPORT_RETENTION_DAYS). */
  errorReports: number;
  /** Guessing counters forgotten (a number, a card's or not, last guessed 30 days ago or more, not locked). */
  numberGuesses: number;
  /** Failed messages whose content was erased (failed OUTBOX_FAILED_CONTENT_DAYS ago or more). */
  failedMessageContents: number;
  /** Brand API idempotency keys deleted (created more than 24 hours ago). */
  idempotencyKeys: number;
  /** Back office sessions past their 12 hours, and sign-ins abandoned at the provider. */
  staffSessions: number;
  /** Ledger entries added to the reports' hourly roll-up (reports/ledger-rollup.ts). */
  ledgerRolledUp: number;
}

/**
 * Deletes what the server keeps only for a while, at start and then every hour, in every server
 * process (main.ts): error reports older than ERROR_REPORT_RETENTION_DAYS, and the guessing
 * counters of numbers (number_guesses, a card's or not, alike) last guessed 30 days ago, which
 * bounds that table, unless they reached the lock that only an operator lifts, and the encrypted content of messages given up OUTBOX_FAILED_CONTENT_DAYS ago (kept
 * until then for `tessera outbox retry`), and the brand API's idempotency keys once they are 24 hours old. A timer rather than a sweep on insert: rows must go when their time is up even if
 * nothing new arrives, and a delete in the guessing path would make it slower than a real card's.
 * Several processes sweeping at once is harmless: each runs the same `DELETE … WHERE … < cutoff`,
 * and a row one of them deleted is simply not there for the others; nothing needs a lock or a
 * leader. The sweep also adds the ledger's new entries to the reports' hourly roll-up
 * (reports/ledger-rollup.ts), which is safe in several processes in its own way: each takes the
 * roll-up's row and adds only the entries above what it finds counted there.
 */
export class HousekeepingSweeper {
  readonly #retentionMs: number;
  readonly #failedContentMs: number;
  readonly #o: Required<HousekeepingSweeperOptions>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<SweepResult> | undefined;

  constructor(config: Pick<Config, 'errorReportRetentionDays' | 'outboxFailedContentDays'>, options: HousekeepingSweeperOptions) {
    this.#retentionMs = config.errorReportRetentionDays * DAY_MS;
    this.#failedContentMs = config.outboxFailedContentDays * DAY_MS;
    this.#o = { now: () => new Date(), intervalMs: HOUSEKEEPING_INTERVAL_MS, ...options };
  }

  /** Sweeps now, then every interval until stop(). */
  start(): void {
    if (this.#timer) return;
    const sweep = () => {
      // A failed sweep (the database is away) is logged and tried again at the next interval.
      this.runOnce().catch((error: unknown) =>
        this.#o.logger.error({ err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'housekeeping sweep failed'),
      );
    };
    this.#timer = setInterval(sweep, this.#o.intervalMs);
    this.#timer.unref();
    sweep();
  }

  /** Deletes what is past its time now; answers how many rows went. */
  async runOnce(): Promise<SweepResult> {
    while (this.#running) await this.#running.catch(() => undefined);
    const now = this.#o.now().getTime();
    const cutoff = new Date(now - this.#retentionMs).toISOString();
    const forgetBefore = new Date(now - NUMBER_GUESSES_KEPT_MS).toISOString();
    const failedBefore = new Date(now - this.#failedContentMs).toISOString();
    const run = (async () => ({
      errorReports: await deleteErrorReportsBefore(this.#o.db, cutoff),
      numberGuesses: await forgetNumberGuesses(this.#o.db, forgetBefore),
      failedMessageContents: await eraseFailedPayloadsBefore(this.#o.db, failedBefore),
      idempotencyKeys: await deleteIdempotencyKeysBefore(this.#o.db, new Date(now - IDEMPOTENCY_KEPT_MS).toISOString()),
      staffSessions:
        (await deleteOldStaffSessions(this.#o.db, new Date(now).toISOString())) + (await deleteExpiredStaffLogins(this.#o.db, new Date(now).toISOString())),
      ledgerRolledUp: await this.#rollUpLedger(),
    }))();
    this.#running = run;
    try {
      const deleted = await run;
      if (deleted.errorReports > 0) this.#o.logger.info({ deleted: deleted.errorReports, before: cutoff }, 'old error reports deleted');
      if (deleted.failedMessageContents > 0) this.#o.logger.info({ erased: deleted.failedMessageContents, before: failedBefore }, 'content of failed messages erased');
      if (deleted.numberGuesses > 0) this.#o.logger.info({ forgotten: deleted.numberGuesses, before: forgetBefore }, 'guessing counters of numbers last guessed a month ago forgotten');
      return deleted;
    } finally {
      this.#running = undefined;
    }
  }

  /** The reports' roll-up: the entries it added, logged with how far it has counted (or that the ledger's writers outlasted its wait). */
  async #rollUpLedger(): Promise<number> {
    const rolled = await rollUpLedger({ db: this.#o.db, now: this.#o.now });
    if (rolled.waited) this.#o.logger.info({ countedTo: rolled.countedTo }, 'ledger roll-up waited for the ledger\'s writers in vain; it counts on at the next sweep');
    else if (rolled.entries > 0) this.#o.logger.info({ entries: rolled.entries, countedTo: rolled.countedTo }, 'ledger entries added to the reports\' hourly roll-up');
    return rolled.entries;
  }

  /** No new sweep starts; one in progress is awaited (before the database closes). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    while (this.#running) await this.#running.catch(() => undefined);
  }
}
