import type { DevOutboxMessage } from '@tessera/contracts';
import { openLocalMessage } from '../adapters/mail/local.js';
import { listLocalMessages } from '../db/repositories/local-mailbox.js';
import type { ServiceDeps } from '../deps.js';

/** How many of the newest messages GET /dev/outbox reads (a long demo keeps every message). */
export const LOCAL_OUTBOX_LIMIT = 500;

/** Addresses and phone numbers compared as a tester types them: case, spaces and dashes ignored. */
function normalize(recipient: string): string {
  return recipient.trim().toLowerCase().replace(/[\s()-]/g, '');
}

/**
 * GET /dev/outbox (docs/product/common.md#demo-mode, demo mode only): what the local adapters
 * delivered, newest first, decrypted, optionally only the messages to one recipient.
 */
export async function listLocalOutbox(deps: ServiceDeps, to: string | undefined): Promise<DevOutboxMessage[]> {
  const rows = await listLocalMessages(deps.db, LOCAL_OUTBOX_LIMIT);
  const wanted = to === undefined ? undefined : normalize(to);
  const messages: DevOutboxMessage[] = [];
  for (const row of rows) {
    const message = openLocalMessage(deps.crypto, row.message_ciphertext);
    if (wanted !== undefined && normalize(message.to) !== wanted) continue;
    messages.push({
      id: row.id,
      channel: message.channel,
      to: message.to,
      ...(message.subject !== undefined && { subject: message.subject }),
      body: message.text,
      createdAt: row.created_at,
    });
  }
  return messages;
}
