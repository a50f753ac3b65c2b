import type { Logger } from 'pino';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Executor } from '../db/repositories/executor.js';
import { claimMessage, markFailed, markRetry, markSent } from '../db/repositories/outbox.js';
import type { OutboxMessageRow } from '../db/schema.js';
import type { Channel, QueuedPayload, WebhookMessage } from './message.js';
import { DeliveryError, type DeliveryPort } from './port.js';

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

export const noResult = (): RoundResult => ({ sent: 0, retried: 0, failed: 0 });

/** What every lane needs to deliver one message. */
export interface DeliveryContext {
  db: Executor;
  crypto: Crypto;
  adapters: ChannelAdapters;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  now: () => Date;
  leaseMs: number;
  policy(channel: Channel): RetryPolicy;
}

/**
 * Claims one due message with a lease (so several server processes, or a restart, never send it
 * concurrently), decrypts it, hands it to its channel's adapter, then marks it sent and erases
 * the payload. A temporary failure is retried by the channel's policy; a permanent one, or too
 * many attempts, marks it failed and logs an error. A permanent failure's payload is erased at
 * once; one given up after its attempts keeps it (encrypted) for `tessera outbox retry` until
 * housekeeping erases it (OUTBOX_FAILED_CONTENT_DAYS). Answers undefined when another worker
 * has it. Logs carry the message id, purpose and masked recipient only.
 */
export async function deliverMessage(ctx: DeliveryContext, id: string, signal?: AbortSignal): Promise<keyof RoundResult | undefined> {
  const claimedAt = ctx.now();
  const leaseUntil = new Date(claimedAt.getTime() + ctx.leaseMs).toISOString();
  const row = await claimMessage(ctx.db, id, claimedAt.toISOString(), leaseUntil);
  if (!row) return undefined; // another worker has it, or it changed since it was listed
  const adapter = ctx.adapters[row.channel];
  if (!adapter) return undefined; // cannot happen: lanes list only channels with an adapter
  const attempts = row.attempts + 1;
  const facts = { messageId: row.id, purpose: row.purpose, recipientHint: row.recipient_hint, channel: row.channel, attempts };

  let failure: DeliveryError;
  try {
    if (row.payload_ciphertext === null) throw new DeliveryError('permanent', 'no payload');
    const message = open(ctx, row);
    await (adapter as DeliveryPort<QueuedPayload>).send(message, { messageId: row.id, attempt: attempts, ...(signal && { signal }) });
    const done = ctx.now().toISOString();
    if (await markSent(ctx.db, row.id, leaseUntil, attempts, adapter.via, done)) {
      ctx.logger.info({ ...facts, via: adapter.via }, 'message delivered');
    } else {
      // The lease ran out during the send and another worker took the message over: it may be
      // delivered twice (docs/decisions/006). Leases must outlast the adapter's timeouts.
      ctx.logger.warn({ ...facts, via: adapter.via }, 'message delivered after its lease ran out');
    }
    return 'sent';
  } catch (error) {
    failure = error instanceof DeliveryError ? error : new DeliveryError('temporary', `unexpected ${(error as Error)?.name ?? 'error'}`);
  }

  const done = ctx.now();
  const policy = ctx.policy(row.channel);
  if (failure.permanent || attempts >= policy.maxAttempts) {
    const reason = failure.permanent ? failure.message : `${failure.message} (gave up after ${attempts} attempts)`;
    await markFailed(ctx.db, row.id, leaseUntil, attempts, reason, done.toISOString(), !failure.permanent);
    ctx.logger.error({ ...facts, error: reason }, 'message failed for good');
    return 'failed';
  }
  const nextAttemptAt = new Date(done.getTime() + policy.delayMs(attempts)).toISOString();
  await markRetry(ctx.db, row.id, leaseUntil, attempts, nextAttemptAt, failure.message, done.toISOString());
  ctx.logger.warn({ ...facts, error: failure.message, nextAttemptAt }, 'message delivery failed; will retry');
  return 'retried';
}

function open(ctx: DeliveryContext, row: OutboxMessageRow): QueuedPayload {
  try {
    return JSON.parse(ctx.crypto.cipher.decrypt(row.payload_ciphertext!, PURPOSE.outboxMessage)) as QueuedPayload;
  } catch {
    // A data key missing from DATA_KEYS: temporary, so restoring the key lets it go out.
    throw new DeliveryError('temporary', 'payload could not be decrypted');
  }
}
