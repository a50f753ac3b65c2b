import { timeOrderedId } from '../db/time-ordered-id.js';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import type { Executor } from '../db/repositories/executor.js';
import { type QueuedPayload, recipientHint } from './message.js';

export interface QueuedMessage {
  message: QueuedPayload;
  /** What it is for: replacement_card, activation_code, recovery_code, card.activated (a webhook event), … */
  purpose: string;
  brandId: string | null;
  cardId: string | null;
  /** Queuing twice with the same key queues once (idempotent calls repeat their changes). */
  dedupeKey?: string;
}

/**
 * Queues a message in the caller's transaction: it is sent only if that transaction commits, and
 * a crash after the commit cannot lose it (the worker picks it up when the server runs again).
 * The payload is encrypted: it may hold a new card number, a code or an address.
 * Returns false when a message with the same dedupe key was queued before.
 */
export async function enqueueMessage(db: Executor, crypto: Crypto, queued: QueuedMessage, now: string): Promise<boolean> {
  const result = await db
    .insertInto('outbox_messages')
    .values({
      // Time-ordered: messages queued in one instant (a frozen clock, one transaction) keep the
      // order they were queued in under (created_at, id), the order the card's timeline reads.
      id: timeOrderedId(),
      channel: queued.message.channel,
      endpoint_id: queued.message.channel === 'webhook' ? queued.message.endpointId : null,
      purpose: queued.purpose,
      brand_id: queued.brandId,
      card_id: queued.cardId,
      dedupe_key: queued.dedupeKey ?? null,
      payload_ciphertext: crypto.cipher.encrypt(JSON.stringify(queued.message), PURPOSE.outboxMessage),
      recipient_hint: recipientHint(queued.message),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      last_error: null,
      delivered_via: null,
      created_at: now,
      sent_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
