import { findDueMessageIds } from '../../db/repositories/outbox.js';
import { type DeliveryContext, deliverMessage, noResult, type RoundResult } from '../deliver-message.js';
import type { Channel } from '../message.js';

/**
 * One channel's lane (e-mail, or SMS): its due messages one after another, oldest first, up to
 * `batchSize` a round and at once another round when the batch was full. A lane waits for no
 * other: a slow SMTP relay never holds up a one-time code by SMS, and no webhook holds up either.
 */
export class ChannelLane {
  readonly #ctx: DeliveryContext;
  readonly #channel: Channel;
  readonly #batchSize: number;
  #running: Promise<RoundResult> | undefined;
  #again = false;
  #stopped = false;

  constructor(ctx: DeliveryContext, channel: Channel, batchSize: number) {
    this.#ctx = ctx;
    this.#channel = channel;
    this.#batchSize = batchSize;
  }

  /** Runs a round now, or right after the one in progress. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    void this.#background();
  }

  /** One round: the channel's due messages, at most batchSize. */
  async runOnce(): Promise<RoundResult> {
    while (this.#running) await this.#running.catch(() => undefined);
    const round = this.#process();
    this.#running = round;
    try {
      return await round;
    } finally {
      this.#running = undefined;
    }
  }

  /** Starts no more sends and waits for the one in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    while (this.#running) await this.#running.catch(() => undefined);
  }

  async #background(): Promise<void> {
    let result: RoundResult | undefined;
    try {
      result = await this.runOnce();
    } catch (error) {
      // The database is unreachable, or a bug: log and try again at the next poll.
      this.#ctx.logger.error({ lane: this.#channel, err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'outbox round failed');
    }
    if (this.#stopped) return;
    const full = result !== undefined && result.sent + result.retried + result.failed >= this.#batchSize;
    if (this.#again || full) {
      this.#again = false;
      setImmediate(() => this.wake());
    }
  }

  async #process(): Promise<RoundResult> {
    const result = noResult();
    const ids = await findDueMessageIds(this.#ctx.db, [this.#channel], this.#ctx.now().toISOString(), this.#batchSize);
    for (const id of ids) {
      if (this.#stopped) break;
      const outcome = await deliverMessage(this.#ctx, id);
      if (outcome) result[outcome] += 1;
    }
    return result;
  }
}
