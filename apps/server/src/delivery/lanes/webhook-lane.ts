import { holdWebhookMessagesOfSwitchedOff, listDueWebhookLanes, listDueWebhookMessages, type WebhookLaneRow } from '../../db/repositories/outbox.js';
import { endpointCapacity } from '../../domain/webhook-endpoint-health.js';
import { type DeliveryContext, deliverMessage, noResult, type RoundResult } from '../deliver-message.js';
import { LaneRounds } from './lane-rounds.js';

export interface WebhookLaneLimits {
  /** Deliveries in flight to one endpoint (one while it fails). */
  perEndpoint: number;
  /** Deliveries in flight from this process, all endpoints together. */
  total: number;
}

/** Due rows read per endpoint and look: enough to step past events of a card already in flight. */
const LOOK_AHEAD = 50;

/**
 * The webhook lane (docs/decisions/039): due deliveries grouped per endpoint, each endpoint with
 * its own few slots, so an endpoint that hangs for its whole timeout holds up only its own events.
 * A delivery starts as soon as its endpoint has a free slot and the process has one (`total`);
 * when one ends, the lane looks again. An endpoint resting after failures (`paused_until`, its
 * own backoff) is skipped; a switched-off one has its due deliveries held, unsent.
 * Slots count what every process is sending (the rows' live leases), so several replicas share an
 * endpoint's slots as a rule; two looking at the same instant may each start one.
 * Events of one card to one endpoint go one at a time, oldest first, so they arrive in order as a
 * rule (a retried one waits for its own next attempt and may then come after a later event).
 */
export class WebhookLane {
  readonly #ctx: DeliveryContext;
  readonly #limits: WebhookLaneLimits;
  /** Per endpoint (null: messages without one), the cards of the deliveries this process is sending. */
  readonly #inFlight = new Map<string | null, (string | null)[]>();
  readonly #sends = new Set<Promise<void>>();
  readonly #done: RoundResult = noResult();
  readonly #stop = new AbortController();
  /** The looks for due deliveries, one at a time. */
  readonly #looks: LaneRounds<number>;

  constructor(ctx: DeliveryContext, limits: WebhookLaneLimits) {
    this.#ctx = ctx;
    this.#limits = limits;
    this.#looks = new LaneRounds(() => this.#look(), { logger: ctx.logger, lane: 'webhook' });
  }

  /** Looks for due deliveries now (again after the look in progress, if any). */
  wake(): void {
    this.#looks.wake();
  }

  /** Sends every due delivery it may and waits until all have ended (tests, and the worker's runOnce). */
  async runOnce(): Promise<RoundResult> {
    const before = { ...this.#done };
    for (;;) {
      const started = await this.#looks.run();
      if (started === 0 && this.#sends.size === 0) break;
      if (started === 0 || this.#slotsLeft() === 0) await Promise.race(this.#sends);
    }
    return { sent: this.#done.sent - before.sent, retried: this.#done.retried - before.retried, failed: this.#done.failed - before.failed };
  }

  /** Starts no more deliveries, gives up those in flight (they are tried again), and waits for them. */
  async stop(): Promise<void> {
    const looksStopped = this.#looks.stop();
    this.#stop.abort();
    await looksStopped;
    while (this.#sends.size > 0) await Promise.allSettled([...this.#sends]);
  }

  #slotsLeft(): number {
    return this.#limits.total - this.#sends.size;
  }

  /** One look (never two at once, by #looks): answers how many deliveries it started. */
  async #look(): Promise<number> {
    if (this.#looks.stopped || this.#slotsLeft() <= 0) return 0;
    const now = this.#ctx.now().toISOString();
    let started = 0;
    for (const lane of await listDueWebhookLanes(this.#ctx.db, now)) {
      if (this.#looks.stopped || this.#slotsLeft() <= 0) break;
      if (lane.switched_off_at !== null && lane.endpoint_id !== null) {
        await this.#hold(lane.endpoint_id, now);
        continue;
      }
      if (lane.paused_until !== null && lane.paused_until > now) continue;
      if (lane.waiting <= 0) continue;
      started += await this.#fill(lane, now);
    }
    return started;
  }

  /** Starts what the endpoint's free slots allow, oldest first, one event per card at a time. */
  async #fill(lane: WebhookLaneRow, now: string): Promise<number> {
    const mine = this.#inFlight.get(lane.endpoint_id) ?? [];
    const capacity = endpointCapacity(lane.consecutive_failures, lane.endpoint_id === null ? 1 : this.#limits.perEndpoint);
    let free = Math.min(capacity - Math.max(lane.leased, mine.length), this.#slotsLeft());
    if (free <= 0) return 0;
    const busyCards = new Set(mine.filter((card) => card !== null));
    const rows = await listDueWebhookMessages(this.#ctx.db, lane.endpoint_id, now, LOOK_AHEAD);
    let started = 0;
    for (const row of rows) {
      if (free <= 0) break;
      if (row.card_id !== null && busyCards.has(row.card_id)) continue;
      if (row.card_id !== null) busyCards.add(row.card_id);
      if (row.leased) continue;
      this.#start(lane.endpoint_id, row.id, row.card_id);
      free -= 1;
      started += 1;
    }
    return started;
  }

  #start(endpointId: string | null, id: string, cardId: string | null): void {
    const cards = this.#inFlight.get(endpointId) ?? [];
    cards.push(cardId);
    this.#inFlight.set(endpointId, cards);
    const send: Promise<void> = deliverMessage(this.#ctx, id, this.#stop.signal)
      .then((outcome) => {
        if (outcome) this.#done[outcome] += 1;
      })
      .catch((error: unknown) => {
        this.#ctx.logger.error({ lane: 'webhook', messageId: id, err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'webhook delivery failed unexpectedly');
      })
      .finally(() => {
        const left = this.#inFlight.get(endpointId) ?? [];
        left.splice(left.indexOf(cardId), 1);
        if (left.length === 0) this.#inFlight.delete(endpointId);
        this.#sends.delete(send);
        // A slot is free: the endpoint's next event, or another endpoint's, may go.
        this.wake();
      });
    this.#sends.add(send);
  }

  async #hold(endpointId: string, now: string): Promise<void> {
    const held = await holdWebhookMessagesOfSwitchedOff(this.#ctx.db, endpointId, now);
    if (held > 0) this.#ctx.logger.warn({ endpointId, held }, 'webhook endpoint is switched off; its due deliveries are held');
  }
}
