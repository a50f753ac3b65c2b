import type { Logger } from 'pino';
import type { Crypto } from '../crypto/index.js';
import type { Executor } from '../db/repositories/executor.js';
import { type ChannelAdapters, type DeliveryContext, noResult, type RetryPolicy, type RoundResult } from './deliver-message.js';
import { ChannelLane } from './lanes/channel-lane.js';
import { WebhookLane, type WebhookLaneLimits } from './lanes/webhook-lane.js';
import type { Channel } from './message.js';
import type { OutboxSignal } from './signal.js';

export type { ChannelAdapters, RetryPolicy, RoundResult } from './deliver-message.js';
export type { WebhookLaneLimits } from './lanes/webhook-lane.js';

export interface OutboxWorkerOptions {
  db: Executor;
  crypto: Crypto;
  /** The adapter per channel; messages of a channel without one stay pending. */
  adapters: ChannelAdapters;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** How often the worker looks for due messages when nothing wakes it. */
  pollIntervalMs: number;
  /** Attempts before a message that keeps failing temporarily is given up (status failed). */
  maxAttempts: number;
  /** Backoff after the n-th failed attempt: retryBaseMs · 2^(n−1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A channel's own retries, instead of maxAttempts and the backoff above (webhooks: days). */
  retryPolicies?: Partial<Record<Channel, RetryPolicy>>;
  /**
   * How long a claimed message belongs to this worker. Must exceed the longest send (SMTP
   * timeouts); a worker that dies mid-send holds its message this long before another takes it.
   */
  leaseMs?: number;
  /** E-mails (and SMS) a lane claims per round. */
  batchSize?: number;
  /** Webhook deliveries in flight per endpoint and in all. */
  webhookLimits?: WebhookLaneLimits;
  /** Wakes from services (deps.outbox), subscribed while the worker runs. */
  signal?: OutboxSignal;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_BATCH = 20;
export const DEFAULT_WEBHOOK_LIMITS: WebhookLaneLimits = { perEndpoint: 2, total: 10 };

/** Backoff after `attempts` failed attempts (1 → base, 2 → 2·base, …), capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

interface Lane {
  wake(): void;
  runOnce(): Promise<RoundResult>;
  stop(): Promise<void>;
}

/**
 * The outbox worker (docs/product/common.md#sms-and-e-mail, docs/decisions/006 and 039): sends
 * what the outbox holds in independent lanes, one per channel with an adapter. E-mail and SMS
 * each go one message after another (delivery/lanes/channel-lane.ts); webhooks go per endpoint,
 * a few at a time each (delivery/lanes/webhook-lane.ts). No lane waits for another, so a webhook
 * endpoint that hangs delays neither a one-time code nor another brand's events. Every message
 * is claimed with a lease (delivery/deliver-message.ts), so several server processes share the
 * work and never send one message concurrently.
 */
export class OutboxWorker {
  readonly #lanes: Lane[] = [];
  readonly #adapters: ChannelAdapters;
  readonly #pollIntervalMs: number;
  readonly #signal: OutboxSignal | undefined;
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #stopped = false;
  #unsubscribe: (() => void) | undefined;

  constructor(options: OutboxWorkerOptions) {
    const ctx: DeliveryContext = {
      db: options.db,
      crypto: options.crypto,
      adapters: options.adapters,
      logger: options.logger,
      now: options.now ?? (() => new Date()),
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
      policy: (channel) =>
        options.retryPolicies?.[channel] ?? {
          maxAttempts: options.maxAttempts,
          delayMs: (attempts) => retryDelayMs(attempts, options.retryBaseMs, options.retryMaxMs),
        },
    };
    this.#adapters = options.adapters;
    this.#pollIntervalMs = options.pollIntervalMs;
    this.#signal = options.signal;
    for (const channel of ['sms', 'email'] as const) {
      if (options.adapters[channel]) this.#lanes.push(new ChannelLane(ctx, channel, options.batchSize ?? DEFAULT_BATCH));
    }
    if (options.adapters.webhook) this.#lanes.push(new WebhookLane(ctx, options.webhookLimits ?? DEFAULT_WEBHOOK_LIMITS));
  }

  /** Starts polling (and listening to the signal); the first round runs at once. */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#unsubscribe = this.#signal?.subscribe(() => this.wake());
    this.#timer = setInterval(() => this.wake(), this.#pollIntervalMs);
    this.#timer.unref();
    this.wake();
  }

  /** Every lane looks for due messages now (after the round in progress, if any). */
  wake(): void {
    if (!this.#started || this.#stopped) return;
    for (const lane of this.#lanes) lane.wake();
  }

  /** One round of every lane, side by side: each sends what is due now. For tests. */
  async runOnce(): Promise<RoundResult> {
    const results = await Promise.all(this.#lanes.map((lane) => lane.runOnce()));
    return results.reduce((sum, r) => ({ sent: sum.sent + r.sent, retried: sum.retried + r.retried, failed: sum.failed + r.failed }), noResult());
  }

  /**
   * Stops polling, waits for the e-mail or SMS being sent, gives up webhook deliveries in flight
   * (each is tried again: an endpoint may take 15 s), and closes the adapters.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.all(this.#lanes.map((lane) => lane.stop()));
    for (const adapter of Object.values(this.#adapters)) await adapter?.close?.();
  }
}
