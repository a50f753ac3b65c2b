import { randomUUID } from 'node:crypto';
import { type Crypto, PURPOSE } from '../../crypto/index.js';
import type { Executor } from '../../db/repositories/executor.js';
import { insertLocalMessage } from '../../db/repositories/local-mailbox.js';
import type { OutgoingMessage } from '../../delivery/message.js';
import type { DeliveryPort } from '../../delivery/port.js';
import type { MailSender } from './port.js';

export interface LocalMailboxOptions {
  db: Executor;
  crypto: Crypto;
  now: () => Date;
}

/**
 * The embedded default (docs/product/common.md#sms-and-e-mail): messages are not sent
 * anywhere but kept in the local_mailbox table, encrypted with the data cipher like the outbox's
 * payload, for a tester to read at GET /dev/outbox (demo mode only). Inline images are left out:
 * the mailbox shows the text. Production refuses this adapter (config/).
 */
export function createLocalMailbox(channel: OutgoingMessage['channel'], options: LocalMailboxOptions): DeliveryPort {
  return {
    via: 'local',
    channel,
    async send(message) {
      const { attachments: _attachments, ...kept } = message;
      await insertLocalMessage(options.db, {
        id: randomUUID(),
        channel: message.channel,
        message_ciphertext: options.crypto.cipher.encrypt(JSON.stringify(kept), PURPOSE.localMailbox),
        created_at: options.now().toISOString(),
      });
    },
  };
}

export function createLocalMailSender(options: LocalMailboxOptions): MailSender {
  return createLocalMailbox('email', options) as MailSender;
}

/** Reads back what createLocalMailbox stored. */
export function openLocalMessage(crypto: Crypto, ciphertext: string): OutgoingMessage {
  return JSON.parse(crypto.cipher.decrypt(ciphertext, PURPOSE.localMailbox)) as OutgoingMessage;
}
