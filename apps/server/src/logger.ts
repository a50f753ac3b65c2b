import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

/**
 * Everything that could carry a card number or a secret, wherever it might appear in a log line.
 * Request bodies are never logged (Fastify's serializers leave them out); these paths are the
 * second line of defence for anything that logs an object by hand.
 */
const SENSITIVE_FIELDS = [
  'cardNumber',
  'giftCardNumber',
  'securityCode',
  'pinCode',
  'passcode',
  'pin',
  'otcNumber',
  'oneTimeCode',
  'recoveryCode',
  '"g-recaptcha-response"',
  'captchaToken',
  'token',
  'key',
  'iban',
  'bankAccountNumber',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-altcha"]',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  ...SENSITIVE_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { service: 'tessera' },
    },
    destination,
  );
}
