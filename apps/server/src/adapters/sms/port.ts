import type { DeliveryPort } from '../../delivery/port.js';

export { DeliveryError } from '../../delivery/port.js';

/**
 * An SMS adapter: the Twilio gateway (twilio.ts) or the embedded default's local mailbox
 * (local.ts). `send(message)` resolves when the gateway accepted the message, or throws a
 * DeliveryError saying whether the failure is permanent or temporary.
 */
export interface SmsSender extends DeliveryPort {
  readonly channel: 'sms';
}
