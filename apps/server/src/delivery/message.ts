/** A message as the outbox holds it and as every delivery adapter (SMTP, SMS gateway, local) takes it. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** An e-mail address or an E.164 phone number. */
  to: string;
  /** E-mail only. */
  subject?: string;
  /** The plain-text body (the SMS text, or the e-mail's text part). */
  text: string;
  /** E-mail only: the sender's display name (the brand's name); the address is MAIL_FROM's. */
  fromName?: string;
  /** E-mail only: the HTML part. */
  html?: string;
  /** E-mail only: inline images referenced from the HTML as cid:{cid}; content is base64. */
  attachments?: { filename: string; contentType: string; cid: string; contentBase64: string }[];
}

/**
 * A webhook event for one endpoint, as the outbox holds it (delivery/webhooks/). The endpoint's
 * URL and secret are read at each delivery, so a removed endpoint receives nothing more.
 */
export interface WebhookMessage {
  channel: 'webhook';
  /** The endpoint's URL when the event was queued: only its host is shown (recipient_hint). */
  to: string;
  endpointId: string;
  /** `webhook-id`: the same for every attempt and every endpoint of one event. */
  eventId: string;
  eventType: string;
  /** The JSON body `{type, timestamp, data}`, signed as it is sent. */
  body: string;
}

/** Whatever the outbox queues: e-mail, SMS or a webhook event. */
export type QueuedPayload = OutgoingMessage | WebhookMessage;
export type Channel = QueuedPayload['channel'];

/** The recipient as an operator may see it: j***@example.com, +31*******01, hooks.example.com. */
export function recipientHint(message: Pick<QueuedPayload, 'channel' | 'to'>): string {
  if (message.channel === 'webhook') {
    try {
      return new URL(message.to).host;
    } catch {
      return '***';
    }
  }
  if (message.channel === 'email') {
    const at = message.to.lastIndexOf('@');
    if (at < 1) return '***';
    return `${message.to[0]}***${message.to.slice(at)}`;
  }
  const digits = message.to.replace(/[^\d+]/g, '');
  return digits.length <= 4 ? '***' : `${digits.slice(0, 3)}${'*'.repeat(Math.max(0, digits.length - 5))}${digits.slice(-2)}`;
}
