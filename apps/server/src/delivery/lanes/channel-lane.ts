import { findDueMessageIds } from '../../db/repositories/outbox.js';
import { type DeliveryContext, deliverMessage, noResult, type RoundResult } from '../deliver-message.js';
import type { Channel } from '../message.js';
import { LaneRounds } from './lane-rounds.js';

/**
 * One channel's lane (e-mail, or SMS): its due messages one after another, oldest first, up to
 * `batchSize` a round and at once another round when the batch was full. A lane waits for no
 * other: a slow SMTP relay never holds up a one-time code by SMS, and no webhook holds up either.
 */
export class ChannelLane {
  readonly #ctx: DeliveryContext;
  readonly #channel: Channel;
  readonly #batchSize: number;
  readonly #rounds: LaneRounds<RoundResult>;

  constructor(ctx: DeliveryContext, channel: Channel, batchSize: number) {
    this.#ctx = ctx;
    this.#channel = channel;
    this.#batchSize = batchSize;
    this.#rounds = new LaneRounds(() => this.#process(), {
      logger: ctx.logger,
      lane: channel,
      full: (result) => result.sent + result.retried + result.failed >= batchSize,
    });
  }

  /** Runs a round now, or right after the one in progress. */
  wake(): void {
    this.#rounds.wake();
  }

  /** One round: the channel's due messages, at most batchSize. */
  runOnce(): Promise<RoundResult> {
    return this.#rounds.run();
  }

  /** Starts no more sends and waits for the one in progress. */
  stop(): Promise<void> {
    return this.#rounds.stop();
  }

  async #process(): Promise<RoundResult> {
    const result = noResult();
    const ids = await findDueMessageIds(this.#ctx.db, [this.#channel], this.#ctx.now().toISOString(), this.#batchSize);
    for (const id of ids) {
      if (this.#rounds.stopped) break;
      const outcome = await deliverMessage(this.#ctx, id);
      if (outcome) result[outcome] += 1;
    }
    return result;
  }
}
