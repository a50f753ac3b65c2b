import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findCurrentSecret } from '../db/repositories/card-secrets.js';
import { findOutboxMessage, listOutboxMessages, type OutboxListing, requeueMessage } from '../db/repositories/outbox.js';
import type { OutboxMessageRow } from '../db/schema.js';
import { OperatorError } from './operator-error.js';
import { operatorAuditFields } from './operator-name.js';

export type OutboxStatus = OutboxMessageRow['status'];
export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['pending', 'sent', 'failed'];

/** `tessera outbox list`: messages with these statuses (default: those that need a look), newest first. */
export function listMessages(deps: { db: Db }, statuses: readonly OutboxStatus[], limit: number): Promise<OutboxListing[]> {
  return listOutboxMessages(deps.db, statuses, limit);
}

/** `tessera outbox show ID`: one message's metadata; its content is never shown. */
export async function showMessage(deps: { db: Db }, id: string): Promise<OutboxListing> {
  const message = await findOutboxMessage(deps.db, id);
  if (!message) throw new OperatorError(`There is no message with id ${id}.`, ['"tessera outbox list" shows the messages']);
  return message;
}

export interface RetryResult {
  message: OutboxListing;
  /** What changed: a pending message skips its wait; a failed one is queued again from attempt 0. */
  from: 'pending' | 'failed';
  /** When a pending message would have been tried next. */
  wasDueAt: string;
}

/**
 * `tessera outbox retry ID`: sends a message again at the workers' next round (within
 * OUTBOX_POLL_INTERVAL_MS). A pending message skips its back-off wait (the relay is back); a
 * message given up after its attempts is queued again while its content is held. Refused: a sent
 * message, one whose content was erased (refused for good by the recipient's server, or kept past
 * OUTBOX_FAILED_CONTENT_DAYS), one a worker is sending now, and a one-time code that no longer
 * works: the cardholder asks for a new one.
 */
export async function retryMessage(deps: { db: Db; now: () => Date; operator?: string }, id: string): Promise<RetryResult> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const message = await findOutboxMessage(trx, id);
    if (!message) throw new OperatorError(`There is no message with id ${id}.`, ['"tessera outbox list" shows the messages']);
    if (message.status === 'sent') throw new OperatorError(`Message ${id} was delivered at ${message.sent_at} (via ${message.delivered_via}); nothing to retry.`);
    if (!message.has_content) {
      throw new OperatorError(`Message ${id} cannot be sent again: its content was erased (${message.last_error ?? 'failed'}).`, [
        message.purpose === 'replacement_card'
          ? 'a lost replacement card e-mail: "tessera cards resend-replacement NUMBER [--email ADDRESS]"'
          : 'the content of a message refused by the recipient, or failed longer ago than OUTBOX_FAILED_CONTENT_DAYS, is not kept',
      ]);
    }
    if (message.lease_until !== null && message.lease_until > at) throw new OperatorError(`Message ${id} is being sent right now; look again in a minute.`);
    if (message.purpose.endsWith('_code') && message.card_id) {
      // The SMS carries a one-time code: sending it is useful only while that code still works
      // (the same one, unused, unexpired; it was stored in the transaction that queued the SMS).
      const code = await findCurrentSecret(trx, message.card_id, 'one_time_code', at);
      if (!code || code.created_at !== message.created_at) {
        throw new OperatorError(`Message ${id} carries a one-time code that no longer works (expired, used or replaced); it was not sent again.`, [
          'the cardholder asks for a new code in the portal (at most 3 an hour)',
        ]);
      }
    }
    const from = message.status;
    if (!(await requeueMessage(trx, id, from, at))) throw new OperatorError(`Message ${id} changed while it was being retried; look at it again.`);
    await recordAuditEvent(
      trx,
      { type: 'outbox.retry', ...operatorAuditFields(deps), outcome: from === 'failed' ? 'requeued' : 'due_now', brandId: message.brand_id, cardId: message.card_id, detail: `message ${id} (${message.purpose}), was ${from} after ${message.attempts} attempts` },
      at,
    );
    return { message: (await findOutboxMessage(trx, id))!, from, wasDueAt: message.next_attempt_at };
  });
}
