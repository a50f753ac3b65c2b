import type { DeliveryContext } from '../deliver-message.js';

/**
 * How a lane runs its rounds: never two at once (a round asked for while one runs waits for it to
 * end), and a wake-up during a round runs another right after it, in the background, so what fell
 * due meanwhile does not wait for the next poll. A background round that throws (the database is
 * unreachable, or a bug) is logged and tried again at the next wake-up. `full` says of a round
 * that its batch was full: another follows at once.
 */
export class LaneRounds<T> {
  readonly #round: () => Promise<T>;
  readonly #logger: DeliveryContext['logger'];
  readonly #lane: string;
  readonly #full: (result: T) => boolean;
  #running: Promise<T> | undefined;
  #again = false;
  #stopped = false;

  constructor(round: () => Promise<T>, options: { logger: DeliveryContext['logger']; lane: string; full?: (result: T) => boolean }) {
    this.#round = round;
    this.#logger = options.logger;
    this.#lane = options.lane;
    this.#full = options.full ?? (() => false);
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Runs a round now in the background, or right after the one in progress. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    void this.#background();
  }

  /** One round, after the one in progress if any. */
  async run(): Promise<T> {
    // Checked and set with no await between, so two callers never both see no round running.
    while (this.#running) await this.#running.catch(() => undefined);
    const round = this.#round();
    this.#running = round;
    try {
      return await round;
    } finally {
      this.#running = undefined;
    }
  }

  /** Starts no more rounds and waits for the one in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    while (this.#running) await this.#running.catch(() => undefined);
  }

  async #background(): Promise<void> {
    let result: T | undefined;
    try {
      result = await this.run();
    } catch (error) {
      this.#logger.error({ lane: this.#lane, err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'outbox round failed');
    }
    if (this.#stopped) return;
    if (this.#again || (result !== undefined && this.#full(result))) {
      this.#again = false;
      setImmediate(() => this.wake());
    }
  }
}
