import { z } from 'zod';
import { httpUrl, positiveInt, type Problems, type SettingsOf } from './settings.js';

const SMS_ADAPTERS = ['local', 'twilio'] as const;
export type SmsAdapter = (typeof SMS_ADAPTERS)[number];

export const smsSettings = {
  SMS_ADAPTER: z.enum(SMS_ADAPTERS).optional(),
  /** The SMS sender: an E.164 number (+3197010203040) or an alphanumeric sender id (3–11 characters). */
  SMS_FROM: z
    .string()
    .trim()
    .regex(/^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{3,11})$/, 'an E.164 number (+31…) or an alphanumeric sender id of 3 to 11 characters')
    .optional(),
  SMS_TIMEOUT_SECONDS: positiveInt.max(120).default(15),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'AC followed by 32 hexadecimal characters').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_API_KEY_SID: z.string().regex(/^SK[0-9a-fA-F]{32}$/, 'SK followed by 32 hexadecimal characters').optional(),
  TWILIO_API_KEY_SECRET: z.string().min(1).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'MG followed by 32 hexadecimal characters').optional(),
  TWILIO_API_URL: httpUrl.default('https://api.twilio.com'),
};

/** How adapters/sms/twilio.ts reaches Twilio. */
export interface TwilioConfig {
  /** https://api.twilio.com in production; tests point it at a local server playing Twilio. */
  apiUrl: string;
  accountSid: string;
  /** Basic auth: the account SID with its auth token, or an API key SID with its secret. */
  username: string;
  password: string;
  /** The sender: an E.164 number or an alphanumeric sender id (From). */
  from: string | undefined;
  /** A Messaging Service (MG…) that picks the sender; used when set. */
  messagingServiceSid: string | undefined;
  timeoutMs: number;
}

export interface SmsConfig {
  adapter: SmsAdapter;
  /** Set when the adapter is twilio. */
  twilio: TwilioConfig | undefined;
}

export function parseSms(e: SettingsOf<typeof smsSettings>, isProduction: boolean, problems: Problems): SmsConfig {
  const adapter: SmsAdapter = e.SMS_ADAPTER ?? (isProduction || e.TWILIO_ACCOUNT_SID ? 'twilio' : 'local');
  if (isProduction && adapter === 'local') {
    problems.push('SMS_ADAPTER: the local outbox is refused in production (use twilio)');
  }
  if (adapter !== 'twilio') return { adapter, twilio: undefined };
  if (!e.TWILIO_ACCOUNT_SID) problems.push('TWILIO_ACCOUNT_SID: required when SMS_ADAPTER is twilio');
  const apiKey = e.TWILIO_API_KEY_SID !== undefined || e.TWILIO_API_KEY_SECRET !== undefined;
  if (apiKey && !(e.TWILIO_API_KEY_SID && e.TWILIO_API_KEY_SECRET)) {
    problems.push('TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET: give both or neither');
  }
  if (!apiKey && !e.TWILIO_AUTH_TOKEN) {
    problems.push('TWILIO_AUTH_TOKEN: required when SMS_ADAPTER is twilio (or TWILIO_API_KEY_SID with TWILIO_API_KEY_SECRET)');
  }
  if (!e.SMS_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
    problems.push('SMS_FROM: required when SMS_ADAPTER is twilio, unless TWILIO_MESSAGING_SERVICE_SID is set');
  }
  if (isProduction && !e.TWILIO_API_URL.startsWith('https:')) problems.push('TWILIO_API_URL: must be https in production');
  const username = e.TWILIO_API_KEY_SID ?? e.TWILIO_ACCOUNT_SID;
  const password = e.TWILIO_API_KEY_SID ? e.TWILIO_API_KEY_SECRET : e.TWILIO_AUTH_TOKEN;
  const twilio =
    e.TWILIO_ACCOUNT_SID && username && password
      ? {
          apiUrl: e.TWILIO_API_URL,
          accountSid: e.TWILIO_ACCOUNT_SID,
          username,
          password,
          from: e.SMS_FROM,
          messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
          timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
        }
      : undefined;
  return { adapter, twilio };
}
