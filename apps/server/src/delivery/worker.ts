import type { Logger } from 'pino';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Executor } from '../db/repositories/executor.js';
import { claimMessage, findDueMessageIds, markFailed, markRetry, markSent } from '../db/repositories/outbox.js';
import type { OutboxMessageRow } from '../db/schema.js';
import type { Channel, QueuedPayload, WebhookMessage } from './message.js';
import { DeliveryError, type DeliveryPort } from './port.js';
import type { OutboxSignal } from './signal.js';

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
  /** Messages claimed per round. */
  batchSize?: number;
  /** Wakes from services (deps.outbox), subscribed while the worker runs. */
  signal?: OutboxSignal;
}

export interface ChannelAdapters {
  email?: DeliveryPort;
  sms?: DeliveryPort;
  webhook?: DeliveryPort<WebhookMessage>;
}

export interface RetryPolicy {
  /** Attempts before a message that keeps failing temporarily is given up. */
  maxAttempts: number;
  /** The wait after the n-th failed attempt. */
  delayMs(attempts: number): number;
}

export interface RoundResult {
  sent: number;
  retried: number;
  failed: number;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_BATCH = 20;

/** Backoff after `attempts` failed attempts (1 → base, 2 → 2·base, …), capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

/**
 * The outbox worker (docs/product/common.md#sms-and-e-mail, docs/decisions/006): picks due
 * pending messages, claims each with a lease (so several server processes, or a restart, never
 * send one concurrently), decrypts it, hands it to the channel's adapter, then marks it sent and
 * erases the payload. A temporary failure is retried with exponential backoff; a permanent one,
 * or too many attempts, marks it failed and logs an error. A permanent failure's payload is erased
 * at once; one given up after its attempts keeps it (encrypted) for `tessera outbox retry` until
 * housekeeping erases it (OUTBOX_FAILED_CONTENT_DAYS).
 * Logs carry the message id, purpose and masked recipient only.
 */
export class OutboxWorker {
  readonly #o: Required<Omit<OutboxWorkerOptions, 'signal' | 'retryPolicies'>> & Pick<OutboxWorkerOptions, 'signal' | 'retryPolicies'>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<RoundResult> | undefined;
  #again = false;
  #started = false;
  #stopped = false;
  #unsubscribe: (() => void) | undefined;

  constructor(options: OutboxWorkerOptions) {
    this.#o = {
      now: () => new Date(),
      leaseMs: DEFAULT_LEASE_MS,
      batchSize: DEFAULT_BATCH,
      ...options,
    };
  }

  /** Starts polling (and listening to the signal); the first round runs at once. */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#unsubscribe = this.#o.signal?.subscribe(() => this.wake());
    this.wake();
  }

  /** Looks for due messages now (after the round in progress, if any). */
  wake(): void {
    if (!this.#started || this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    void this.#round();
  }

  /** One round: every due message of a channel with an adapter, at most batchSize. For tests and wake(). */
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

  /** Stops polling, waits for the message being sent, and closes the adapters. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#running) await this.#running.catch(() => undefined);
    for (const adapter of Object.values(this.#o.adapters)) await adapter?.close?.();
  }

  async #round(): Promise<void> {
    let result: RoundResult | undefined;
    try {
      result = await this.runOnce();
    } catch (error) {
      // The database is unreachable, or a bug: log and try again at the next poll.
      this.#o.logger.error({ err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'outbox round failed');
    }
    if (this.#stopped) return;
    const full = result !== undefined && result.sent + result.retried + result.failed >= this.#o.batchSize;
    if (this.#again || full) {
      this.#again = false;
      setImmediate(() => this.wake());
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.wake();
    }, this.#o.pollIntervalMs);
    this.#timer.unref();
  }

  async #process(): Promise<RoundResult> {
    const result: RoundResult = { sent: 0, retried: 0, failed: 0 };
    const channels = Object.entries(this.#o.adapters)
      .filter(([, adapter]) => adapter !== undefined)
      .map(([channel]) => channel);
    const ids = await findDueMessageIds(this.#o.db, channels, this.#o.now().toISOString(), this.#o.batchSize);
    for (const id of ids) {
      if (this.#stopped && this.#started) break;
      const outcome = await this.#deliver(id);
      if (outcome) result[outcome] += 1;
    }
    return result;
  }

  async #deliver(id: string): Promise<keyof RoundResult | undefined> {
    const claimedAt = this.#o.now();
    const leaseUntil = new Date(claimedAt.getTime() + this.#o.leaseMs).toISOString();
    const row = await claimMessage(this.#o.db, id, claimedAt.toISOString(), leaseUntil);
    if (!row) return undefined; // another worker has it, or it changed since it was listed
    const adapter = this.#o.adapters[row.channel];
    if (!adapter) return undefined; // cannot happen: only channels with an adapter are listed
    const attempts = row.attempts + 1;
    const facts = { messageId: row.id, purpose: row.purpose, recipientHint: row.recipient_hint, channel: row.channel, attempts };

    let failure: DeliveryError;
    try {
      if (row.payload_ciphertext === null) throw new DeliveryError('permanent', 'no payload');
      const message = this.#open(row);
      await (adapter as DeliveryPort<QueuedPayload>).send(message, { messageId: row.id, attempt: attempts });
      const done = this.#o.now().toISOString();
      if (await markSent(this.#o.db, row.id, leaseUntil, attempts, adapter.via, done)) {
        this.#o.logger.info({ ...facts, via: adapter.via }, 'message delivered');
      } else {
        // The lease ran out during the send and another worker took the message over: it may be
        // delivered twice (docs/decisions/006). Leases must outlast the adapter's timeouts.
        this.#o.logger.warn({ ...facts, via: adapter.via }, 'message delivered after its lease ran out');
      }
      return 'sent';
    } catch (error) {
      failure = error instanceof DeliveryError ? error : new DeliveryError('temporary', `unexpected ${(error as Error)?.name ?? 'error'}`);
    }

    const done = this.#o.now();
    const policy = this.#policy(row.channel);
    if (failure.permanent || attempts >= policy.maxAttempts) {
      const reason = failure.permanent ? failure.message : `${failure.message} (gave up after ${attempts} attempts)`;
      await markFailed(this.#o.db, row.id, leaseUntil, attempts, reason, done.toISOString(), !failure.permanent);
      this.#o.logger.error({ ...facts, error: reason }, 'message failed for good');
      return 'failed';
    }
    const nextAttemptAt = new Date(done.getTime() + policy.delayMs(attempts)).toISOString();
    await markRetry(this.#o.db, row.id, leaseUntil, attempts, nextAttemptAt, failure.message, done.toISOString());
    this.#o.logger.warn({ ...facts, error: failure.message, nextAttemptAt }, 'message delivery failed; will retry');
    return 'retried';
  }

  #policy(channel: Channel): RetryPolicy {
    return (
      this.#o.retryPolicies?.[channel] ?? {
        maxAttempts: this.#o.maxAttempts,
        delayMs: (attempts) => retryDelayMs(attempts, this.#o.retryBaseMs, this.#o.retryMaxMs),
      }
    );
  }

  #open(row: OutboxMessageRow): QueuedPayload {
    try {
      return JSON.parse(this.#o.crypto.cipher.decrypt(row.payload_ciphertext!, PURPOSE.outboxMessage)) as QueuedPayload;
    } catch {
      // A data key missing from DATA_KEYS: temporary, so restoring the key lets it go out.
      throw new DeliveryError('temporary', 'payload could not be decrypted');
    }
  }
}
