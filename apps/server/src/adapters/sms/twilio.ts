import { DeliveryError } from '../../delivery/port.js';
import type { TwilioConfig } from '../../config/index.js';
import type { SmsSender } from './port.js';


/**
 * Twilio error codes that are the deployment's configuration rather than the message's fault:
 * the message waits (temporary) until the operator fixes the account, sender or service, instead
 * of failing every code sent meanwhile. (Decision 006 treats a refused SMTP login the same way.)
 * 20003 authentication, 20404 resource not found (account SID), 21212/21606/21659 the From is not
 * a usable sender of this account, 21408 the destination country is not enabled,
 * 21703/21704/21705 the Messaging Service is missing, empty or invalid.
 */
const CONFIGURATION_CODES = new Set([20003, 20404, 21212, 21408, 21606, 21659, 21703, 21704, 21705]);

/**
 * What a Twilio answer means for the outbox (https://www.twilio.com/docs/usage/twilios-response,
 * https://www.twilio.com/docs/api/errors):
 * - 2xx: accepted (201 Created with the message's sid);
 * - 429 (20429, too many requests), any 5xx, a timeout or a lost connection: temporary;
 * - 401/403/404 and the configuration codes above: temporary (see CONFIGURATION_CODES);
 * - any other 4xx (400 with 21211 invalid To, 21614 not a mobile number, 21610 the recipient
 *   replied STOP, 21612 not routable, 21617 body too long, …): permanent, the same message
 *   would be refused again.
 * The text is built from the status and Twilio's numeric code only: Twilio's messages quote the
 * phone number.
 */
export function classifyTwilioAnswer(status: number, body: unknown): DeliveryError | undefined {
  if (status >= 200 && status < 300) return undefined;
  const code = body && typeof body === 'object' && 'code' in body && typeof body.code === 'number' ? body.code : undefined;
  const text = ['twilio', status, code].filter((part) => part !== undefined).join(' ');
  const temporary =
    status === 429 || status >= 500 || status === 401 || status === 403 || status === 404 || (code !== undefined && CONFIGURATION_CODES.has(code));
  return new DeliveryError(temporary || status < 400 ? 'temporary' : 'permanent', text);
}

/**
 * SMS through Twilio's Messages resource: POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To, Body and From or MessagingServiceSid, HTTP Basic authentication. Resolves once
 * Twilio has accepted the message (it then queues it to the carrier). One request per message,
 * with a timeout; nothing about the message is logged.
 */
export function createTwilioSmsSender(options: TwilioConfig): SmsSender {
  const url = `${options.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  return {
    via: 'twilio',
    channel: 'sms',
    async send(message) {
      if (message.channel !== 'sms') throw new DeliveryError('permanent', 'twilio: not an SMS message');
      const form = new URLSearchParams({ To: message.to, Body: message.text });
      if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
      if (options.from) form.set('From', options.from);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const name = (error as Error)?.name;
        throw new DeliveryError('temporary', name === 'TimeoutError' || name === 'AbortError' ? 'twilio timeout' : 'twilio connection failed');
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      const failure = classifyTwilioAnswer(response.status, body);
      if (failure) throw failure;
    },
  };
}
