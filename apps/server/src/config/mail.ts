import { z } from 'zod';
import { flag, port, positiveInt, type Problems, type SettingsOf } from './settings.js';

const MAIL_ADAPTERS = ['local', 'smtp'] as const;
export type MailAdapter = (typeof MAIL_ADAPTERS)[number];

/** An e-mail address as MAIL_FROM takes it: `no-reply@cards.example.com` or `Tessera <no-reply@…>`. */
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const mailFrom = z.string().transform((value, ctx): { name: string | undefined; address: string } => {
  const v = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(v);
  const name = named ? named[1]!.replace(/^"(.*)"$/, '$1').trim() : undefined;
  const address = named ? named[2]!.trim() : v;
  if (!ADDRESS.test(address) || (name !== undefined && /[\r\n<>"]/.test(name))) {
    ctx.addIssue({ code: 'custom', message: 'expected an address (no-reply@example.com) or Name <no-reply@example.com>' });
    return z.NEVER;
  }
  return { name: name || undefined, address };
});

export const mailSettings = {
  MAIL_ADAPTER: z.enum(MAIL_ADAPTERS).optional(),
  MAIL_FROM: mailFrom.optional(),
  SMTP_HOST: z.string().trim().min(1).optional(),
  SMTP_PORT: port.optional(),
  SMTP_SECURE: flag.optional(),
  SMTP_REQUIRE_TLS: flag.optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_TIMEOUT_SECONDS: positiveInt.max(600).default(30),
};

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  /** Refuse to send unless the connection is encrypted (STARTTLS required when not secure). */
  requireTls: boolean;
  auth: { user: string; password: string } | undefined;
  timeoutMs: number;
}

export interface MailConfig {
  adapter: MailAdapter;
  /** The From address; the display name is the brand's name, else `fromName`. */
  from: { name: string | undefined; address: string };
  /** Set when the adapter is smtp. */
  smtp: SmtpConfig | undefined;
}

export function parseMail(e: SettingsOf<typeof mailSettings>, isProduction: boolean, problems: Problems): MailConfig {
  const adapter: MailAdapter = e.MAIL_ADAPTER ?? (isProduction || e.SMTP_HOST ? 'smtp' : 'local');
  if (isProduction && adapter === 'local') {
    problems.push('MAIL_ADAPTER: the local mailbox is refused in production (use smtp)');
  }
  let smtp: SmtpConfig | undefined;
  if (adapter === 'smtp') {
    if (!e.SMTP_HOST) problems.push('SMTP_HOST: required when MAIL_ADAPTER is smtp');
    if (!e.MAIL_FROM) problems.push('MAIL_FROM: required when MAIL_ADAPTER is smtp');
    if (e.SMTP_USER && !e.SMTP_PASSWORD) problems.push('SMTP_PASSWORD: required with SMTP_USER');
    if (e.SMTP_PASSWORD && !e.SMTP_USER) problems.push('SMTP_USER: required with SMTP_PASSWORD');
    const secure = e.SMTP_SECURE ?? e.SMTP_PORT === 465;
    if (e.SMTP_HOST) {
      smtp = {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT ?? (secure ? 465 : 587),
        secure,
        // Replacement e-mails carry card numbers and security codes: production sends them
        // encrypted only, unless the operator says otherwise (a relay on the same host).
        requireTls: e.SMTP_REQUIRE_TLS ?? (isProduction && !secure),
        auth: e.SMTP_USER && e.SMTP_PASSWORD ? { user: e.SMTP_USER, password: e.SMTP_PASSWORD } : undefined,
        timeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
      };
    }
  }
  return { adapter, from: e.MAIL_FROM ?? { name: undefined, address: 'no-reply@localhost' }, smtp };
}
