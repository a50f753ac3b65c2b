import type { DeliveryPort } from '../../delivery/port.js';

export { DeliveryError } from '../../delivery/port.js';

/**
 * An e-mail adapter: SMTP (smtp.ts) or the embedded default's local mailbox (local.ts).
 * `send(message)` resolves when the message is handed over, or throws a DeliveryError that says
 * whether the failure is permanent or temporary.
 */
export interface MailSender extends DeliveryPort {
  readonly channel: 'email';
}
