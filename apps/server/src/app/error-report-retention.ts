import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { deleteErrorReportsBefore } from '../db/repositories/error-reports.js';
import type { Executor } from '../db/repositories/executor.js';

const DAY_MS = 24 * 60 * 60_000;
/** Retention is counted in days: a report deleted up to an hour late is still deleted on time enough. */
export const ERROR_REPORT_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface ErrorReportSweeperOptions {
  db: Executor;
  logger: Pick<Logger, 'info' | 'error'>;
  now?: () => Date;
  intervalMs?: number;
}

/**
 * Deletes error reports older than ERROR_REPORT_RETENTION_DAYS, at start and then every hour, in
 * every server process (main.ts). A timer rather than a sweep on insert: reports must go when
 * their time is up even if no new report ever arrives. Several processes sweeping at once is
 * harmless: each runs the same `DELETE … WHERE created_at < cutoff`, and a row one of them
 * deleted is simply not there for the others; nothing needs a lock or a leader.
 */
export class ErrorReportSweeper {
  readonly #retentionMs: number;
  readonly #o: Required<ErrorReportSweeperOptions>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(config: Pick<Config, 'errorReportRetentionDays'>, options: ErrorReportSweeperOptions) {
    this.#retentionMs = config.errorReportRetentionDays * DAY_MS;
    this.#o = { now: () => new Date(), intervalMs: ERROR_REPORT_SWEEP_INTERVAL_MS, ...options };
  }

  /** Sweeps now, then every interval until stop(). */
  start(): void {
    if (this.#timer) return;
    const sweep = () => {
      // A failed sweep (the database is away) is logged and tried again at the next interval.
      this.runOnce().catch((error: unknown) =>
        this.#o.logger.error({ err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'error report sweep failed'),
      );
    };
    this.#timer = setInterval(sweep, this.#o.intervalMs);
    this.#timer.unref();
    sweep();
  }

  /** Deletes what is past retention now; answers how many reports went. */
  async runOnce(): Promise<number> {
    while (this.#running) await this.#running.catch(() => undefined);
    const cutoff = new Date(this.#o.now().getTime() - this.#retentionMs).toISOString();
    const run = deleteErrorReportsBefore(this.#o.db, cutoff);
    this.#running = run;
    try {
      const deleted = await run;
      if (deleted > 0) this.#o.logger.info({ deleted, before: cutoff }, 'old error reports deleted');
      return deleted;
    } finally {
      this.#running = undefined;
    }
  }

  /** No new sweep starts; one in progress is awaited (before the database closes). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    while (this.#running) await this.#running.catch(() => undefined);
  }
}
