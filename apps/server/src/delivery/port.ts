import type { OutgoingMessage, QueuedPayload } from './message.js';

/**
 * Why a delivery failed, in the only terms the outbox worker acts on:
 * - `temporary`: the same message may go through later (a 4xx reply, a lost connection, a
 *   timeout, a misconfigured relay); the worker retries it with backoff;
 * - `permanent`: sending the same message again would be refused again (a 5xx reply to the
 *   recipient or the content); the worker marks it failed at once.
 * The message is written for operators: never a recipient, a subject or a body.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';

  constructor(
    readonly kind: 'permanent' | 'temporary',
    message: string,
  ) {
    super(message);
  }

  get permanent(): boolean {
    return this.kind === 'permanent';
  }
}

/** Which attempt this is, for adapters that keep a delivery history (webhooks). */
export interface DeliveryAttempt {
  /** The outbox message's id. */
  messageId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the worker stops: an adapter that can give up a send in progress does so. */
  signal?: AbortSignal;
}

/**
 * One way out for one channel (SMTP for e-mail, an SMS gateway, the local mailbox). `send`
 * resolves once the message is handed over, or throws a DeliveryError (anything else it throws
 * counts as temporary).
 */
export interface DeliveryPort<M extends QueuedPayload = OutgoingMessage> {
  /** What delivered it, recorded as outbox_messages.delivered_via: smtp, local, … */
  readonly via: string;
  readonly channel: M['channel'];
  send(message: M, attempt?: DeliveryAttempt): Promise<void>;
  /** Releases connections; called when the worker stops. */
  close?(): Promise<void>;
}
