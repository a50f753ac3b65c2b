import { createLocalMailbox, type LocalMailboxOptions } from '../mail/local.js';
import type { SmsSender } from './port.js';

/**
 * The embedded default: SMS messages go into the local mailbox (encrypted), where a tester reads
 * them at GET /dev/outbox (demo mode only). Production refuses it (config/).
 */
export function createLocalSmsSender(options: LocalMailboxOptions): SmsSender {
  return createLocalMailbox('sms', options) as SmsSender;
}
