import type { ConnectionOptions } from 'node:tls';
import nodemailer, { type NodemailerError } from 'nodemailer';
import type { SmtpConfig } from '../../config/index.js';
import { DeliveryError } from '../../delivery/port.js';
import type { MailSender } from './port.js';

export interface SmtpMailOptions extends SmtpConfig {
  from: { name: string | undefined; address: string };
  /** Extra TLS options (a private CA, or a test server's self-signed certificate). */
  tls?: ConnectionOptions;
}

/** SMTP commands whose permanent refusal concerns this message (its recipient or its content). */
const MESSAGE_COMMANDS = new Set(['RCPT TO', 'DATA']);

/**
 * What an SMTP failure means for the outbox. A 5xx reply (but 503) to the recipient or the
 * content is permanent: the relay would refuse the same message again. Everything else is
 * temporary: 4xx replies, lost connections, timeouts, DNS and TLS failures, and refusals of the
 * login or the sender, which are the relay's configuration, not the message's fault, so the
 * message waits (with backoff, up to OUTBOX_MAX_ATTEMPTS) for the operator to fix it.
 *
 * The text is built from codes only: server replies often quote the recipient's address.
 */
export function classifySmtpError(error: unknown): DeliveryError {
  const e = (error ?? {}) as NodemailerError;
  const code = typeof e.code === 'string' ? e.code : 'ERROR';
  const command = typeof e.command === 'string' ? e.command.split(' ').slice(0, 2).join(' ') : undefined;
  const reply = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const enhanced = typeof e.response === 'string' ? /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(e.response)?.[1] : undefined;
  const permanent =
    reply !== undefined && reply >= 500 && reply < 600 && reply !== 503 && command !== undefined && MESSAGE_COMMANDS.has(command);
  const text = ['smtp', code, command, reply, enhanced].filter((part) => part !== undefined).join(' ');
  return new DeliveryError(permanent ? 'permanent' : 'temporary', text);
}

/**
 * E-mail over SMTP with nodemailer: one connection per message (messages are few and the
 * worker sends them one at a time, so a pool would only hold idle connections open).
 * Implicit TLS (`secure`, port 465) or STARTTLS when the server offers it, required when
 * `requireTls` is set. nodemailer's own logging stays off: it would write addresses.
 */
export function createSmtpMailSender(options: SmtpMailOptions): MailSender {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    requireTLS: options.requireTls,
    ...(options.auth && { auth: { user: options.auth.user, pass: options.auth.password } }),
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    dnsTimeout: options.timeoutMs,
    tls: { minVersion: 'TLSv1.2', ...options.tls },
    logger: false,
    debug: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    via: 'smtp',
    channel: 'email',
    async send(message, attempt) {
      if (message.channel !== 'email') throw new DeliveryError('permanent', 'smtp: not an e-mail message');
      const name = message.fromName ?? options.from.name;
      // Every attempt of one outbox message carries the same Message-ID: a retry after a crash
      // between the relay's acceptance and our bookkeeping is then recognisably the same e-mail
      // (to the relay, to mail clients that fold duplicates, and to support).
      const messageId = attempt && `<${attempt.messageId}@${options.from.address.split('@').pop()}>`;
      try {
        await transport.sendMail({
          from: name ? { name, address: options.from.address } : options.from.address,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          ...(message.html !== undefined && { html: message.html }),
          ...(message.attachments && {
            attachments: message.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              cid: a.cid,
              content: Buffer.from(a.contentBase64, 'base64'),
              contentDisposition: 'inline' as const,
            })),
          }),
          ...(messageId && { messageId }),
          // RFC 3834: an automatic message; out-of-office replies should not answer it.
          headers: { 'Auto-Submitted': 'auto-generated' },
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    async close() {
      transport.close();
    },
  };
}
