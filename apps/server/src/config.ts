import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { bicOfIban, identityApi, isValidBic, isValidIbanChecksum, normalizeIban } from '@tessera/contracts';
import { z } from 'zod';
import { appRoot } from './resources.js';

/**
 * Every setting of the server, read from the environment once and validated here.
 * parseConfig collects every problem before failing, so an operator fixes a deployment in one go.
 */

const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MAIL_ADAPTERS = ['local', 'smtp'] as const;
const SMS_ADAPTERS = ['local', 'twilio'] as const;
/** sandbox: the iDIN provider inside this server (demo, development); oidc: an iDIN broker; off: no bank identity. */
const IDENTITY_ADAPTERS = ['sandbox', 'oidc', 'off'] as const;
const IDIN_CLIENT_AUTHS = ['client_secret_basic', 'client_secret_post'] as const;
/** Where the sandbox iDIN provider is mounted: its issuer is PUBLIC_URL + this path. */
export const SANDBOX_IDIN_PATH = '/sandbox/idin';
/** The server's own redirect URI, registered at the identity provider (identityApi.return). */
export const IDENTITY_RETURN_PATH = identityApi.return.pattern;
/** Authorization request parameters the client sets itself: IDIN_ISSUER_PARAM may not be one of them. */
const RESERVED_AUTHORIZATION_PARAMS = new Set([
  'client_id', 'response_type', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method',
  'acr_values', 'prompt', 'max_age', 'response_mode', 'request', 'request_uri', 'claims', 'login_hint', 'id_token_hint',
]);

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

/** Environment flags written by people: true/false, 1/0, yes/no, on/off. */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), 'expected true or false')
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

/** "1:base64,2:base64": versioned 32-byte keys, the way DATA_KEYS, PIN_KEYS and SECRET_PEPPERS are written. */
const versionedKeys = z.string().transform((value, ctx) => {
  const keys = new Map<number, Buffer>();
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(\d+):(.+)$/.exec(part);
    const key = match ? Buffer.from(match[2]!, 'base64') : null;
    if (!match || !key || key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'expected VERSION:BASE64 entries of 32-byte keys, comma-separated' });
      return z.NEVER;
    }
    keys.set(Number(match[1]), key);
  }
  if (keys.size === 0) {
    ctx.addIssue({ code: 'custom', message: 'at least one key is required' });
    return z.NEVER;
  }
  return keys;
});

const singleKey = z.string().transform((value, ctx) => {
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'expected a base64 32-byte key' });
    return z.NEVER;
  }
  return key;
});

/** TRUST_PROXY: false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z.string().transform((value): boolean | number | string[] => {
  const v = value.trim().toLowerCase();
  if (['', 'false', '0', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value.split(',').map((s) => s.trim()).filter(Boolean);
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(8080),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, 'expected file:PATH (SQLite) or postgres://… (PostgreSQL)')
    .default('file:./data/tessera.db'),
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case SQL identifier').optional(),
  DATABASE_POOL_MAX: positiveInt.default(10),
  PUBLIC_URL: httpUrl.optional(),
  PIN_FRAME_URL: httpUrl.optional(),
  DEMO_MODE: flag.optional(),
  /** Migrate the database when the server (or a CLI command) starts: on by default outside production. */
  MIGRATE_ON_START: flag.optional(),
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).optional(),
  ALTCHA_HMAC_KEY: z.string().min(16, 'at least 16 characters').optional(),
  /**
   * Difficulty of the built-in captcha: the largest counter a client may have to reach.
   * 100 000 SHA-256 rounds (50 000 on average) take a mid-range phone about half a second.
   */
  ALTCHA_MAX_NUMBER: positiveInt.max(10_000_000).default(100_000),
  ALTCHA_CHALLENGE_TTL_SECONDS: positiveInt.default(600),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Where the browser loads reCAPTCHA from: Google's own domain or recaptcha.net (reachable where google.com is not). */
  RECAPTCHA_DOMAIN: z.enum(['www.google.com', 'www.recaptcha.net']).default('www.google.com'),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(60),
  ERROR_REPORTS_PER_MINUTE: positiveInt.default(10),
  /** Calls a minute of one brand API key, over all its calls (429 with Retry-After beyond). */
  API_RATE_LIMIT_PER_MINUTE: positiveInt.default(1200),
  /** Error reports older than this are deleted (app/housekeeping.ts). At most ten years. */
  ERROR_REPORT_RETENTION_DAYS: positiveInt.max(3650).default(30),
  /** A message given up after its attempts keeps its encrypted content this long, for `tessera outbox retry`. */
  OUTBOX_FAILED_CONTENT_DAYS: positiveInt.max(90).default(7),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  KEYS_FILE: z.string().min(1).optional(),
  DATA_KEYS: versionedKeys.optional(),
  DATA_KEY_CURRENT: positiveInt.optional(),
  /** Visa PINs only: a leaked DATA_KEYS opens holder data and card numbers, not the PINs. */
  PIN_KEYS: versionedKeys.optional(),
  PIN_KEY_CURRENT: positiveInt.optional(),
  /** The blind index key of before INDEX_KEYS: the same as INDEX_KEYS=1:KEY. */
  INDEX_KEY: singleKey.optional(),
  /** Versioned blind index keys: two versions while a rotation is under way (docs/decisions/023). */
  INDEX_KEYS: versionedKeys.optional(),
  INDEX_KEY_CURRENT: positiveInt.optional(),
  SECRET_PEPPERS: versionedKeys.optional(),
  SECRET_PEPPER_CURRENT: positiveInt.optional(),
  DEFAULT_BRAND: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  TRUST_PROXY: trustProxy.default(false),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** The bearer token GET /metrics wants; without it /metrics answers 404. */
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{16,256}$/, '16 to 256 printable characters without spaces').optional(),
  MAIL_ADAPTER: z.enum(MAIL_ADAPTERS).optional(),
  MAIL_FROM: mailFrom.optional(),
  SMTP_HOST: z.string().trim().min(1).optional(),
  SMTP_PORT: port.optional(),
  SMTP_SECURE: flag.optional(),
  SMTP_REQUIRE_TLS: flag.optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_TIMEOUT_SECONDS: positiveInt.max(600).default(30),
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
  OUTBOX_POLL_INTERVAL_MS: positiveInt.min(50).max(3_600_000).default(2000),
  OUTBOX_MAX_ATTEMPTS: positiveInt.max(100).default(10),
  OUTBOX_RETRY_BASE_SECONDS: positiveInt.max(86_400).default(30),
  OUTBOX_RETRY_MAX_SECONDS: positiveInt.max(86_400).default(3600),
  /**
   * How long a message claimed for sending belongs to its worker. A process that dies mid-send
   * holds its message this long; then another takes it over. Default: 5 minutes, or 4 times the
   * longest send timeout if that is longer.
   */
  OUTBOX_LEASE_SECONDS: positiveInt.max(86_400).optional(),
  /** How long one webhook delivery may take, connection to answer, before it counts as failed. */
  WEBHOOK_TIMEOUT_SECONDS: positiveInt.max(60).default(15),
  /** The operator's own account that SEPA payout files pay from (`tessera payouts export`). */
  PAYOUT_DEBTOR_NAME: z.string().trim().min(1).max(70, 'at most 70 characters (SEPA)').optional(),
  PAYOUT_DEBTOR_IBAN: z.string().transform(normalizeIban).refine(isValidIbanChecksum, 'not a valid IBAN (checksum or length)').optional(),
  PAYOUT_DEBTOR_BIC: z.string().trim().toUpperCase().refine(isValidBic, 'not a valid BIC (8 or 11 characters)').optional(),
  /** Bank identity (iDIN over OpenID Connect; docs/decisions/014). */
  IDENTITY_ADAPTER: z.enum(IDENTITY_ADAPTERS).optional(),
  // Not httpUrl: an issuer identifier is compared exactly, a trailing slash included.
  IDIN_ISSUER_URL: z.url({ protocol: /^https?$/ }).optional(),
  IDIN_CLIENT_ID: z.string().regex(/^[\x21-\x7e]{1,255}$/, 'printable ASCII without spaces, at most 255 characters').optional(),
  IDIN_CLIENT_SECRET: z.string().min(16, 'at least 16 characters').max(1024).optional(),
  IDIN_CLIENT_AUTH: z.enum(IDIN_CLIENT_AUTHS).default('client_secret_basic'),
  IDIN_SCOPES: z
    .string()
    .trim()
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .refine((scopes) => scopes.every((s) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s)), 'space-separated scope names')
    .refine((scopes) => scopes.includes('openid'), 'must include openid')
    .default(['openid']),
  IDIN_ACR_VALUES: z.string().trim().regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, 'space-separated values').optional(),
  IDIN_ISSUER_PARAM: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'a parameter name: a letter, then letters, digits, _ . or -')
    .refine((v) => !RESERVED_AUTHORIZATION_PARAMS.has(v), 'a parameter the client sets itself (state, scope, …)')
    .default('idin_issuer'),
});

export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];
export type MailAdapter = (typeof MAIL_ADAPTERS)[number];
export type SmsAdapter = (typeof SMS_ADAPTERS)[number];
export type IdentityAdapter = (typeof IDENTITY_ADAPTERS)[number];

/** How the server reaches the iDIN identity provider (docs/decisions/014). */
export interface IdentityConfig {
  adapter: IdentityAdapter;
  /** The OpenID Connect issuer; for the sandbox PUBLIC_URL + /sandbox/idin. Empty when off. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  clientAuth: (typeof IDIN_CLIENT_AUTHS)[number];
  scopes: string[];
  acrValues: string | undefined;
  /** The authorization parameter that carries the chosen bank's BIC. */
  issuerParam: string;
  /** PUBLIC_URL + /api/Authentication/return: the one redirect URI. */
  redirectUri: string;
  /** http issuers are allowed outside production only (the embedded sandbox on http://localhost). */
  allowInsecureRequests: boolean;
}

export interface TwilioConfig {
  apiUrl: string;
  accountSid: string;
  /** Basic auth: the account SID with its auth token, or an API key SID with its secret. */
  username: string;
  password: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  timeoutMs: number;
}

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

export interface KeyMaterialFromEnv {
  dataKeys: Map<number, Buffer>;
  dataKeyCurrent: number;
  /** Visa PINs are sealed under these, never under the data keys (crypto/pin-cipher.ts). */
  pinKeys: Map<number, Buffer>;
  pinKeyCurrent: number;
  /** Blind index keys by version (INDEX_KEY is version 1); at most two (crypto/blind-index.ts). */
  indexKeys: Map<number, Buffer>;
  indexKeyCurrent: number;
  secretPeppers: Map<number, Buffer>;
  secretPepperCurrent: number;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Bring the schema up to date at start (MIGRATE_ON_START; production: off, run `tessera db migrate`). */
  migrateOnStart: boolean;
  port: number;
  host: string;
  database:
    | { dialect: 'sqlite'; file: string }
    | { dialect: 'postgres'; url: string; schema: string | undefined; poolMax: number };
  publicUrl: string;
  pinFrameUrl: string;
  demoMode: boolean;
  captcha: {
    provider: CaptchaProvider;
    altchaHmacKey: string | undefined;
    altchaMaxNumber: number;
    altchaChallengeTtlSeconds: number;
    recaptchaSecret: string | undefined;
    recaptchaSiteKey: string | undefined;
    recaptchaVerifyUrl: string;
    recaptchaDomain: 'www.google.com' | 'www.recaptcha.net';
  };
  rateLimitPerMinute: number;
  errorReportsPerMinute: number;
  /** Brand API calls a minute per API key. */
  apiRateLimitPerMinute: number;
  /** How long an error report is kept before the sweep deletes it. */
  errorReportRetentionDays: number;
  /** How long a message given up after its attempts keeps its content for a retry. */
  outboxFailedContentDays: number;
  logLevel: (typeof LOG_LEVELS)[number];
  webDist: string;
  /** Keys given in the environment; undefined means a keys file (demo and development only). */
  keys: KeyMaterialFromEnv | undefined;
  keysFile: string;
  defaultBrand: string | undefined;
  trustProxy: boolean | number | string[];
  redisUrl: string | undefined;
  /** The token Prometheus sends to GET /metrics (Authorization: Bearer …); undefined: no metrics endpoint. */
  metricsToken: string | undefined;
  mail: {
    adapter: MailAdapter;
    /** The From address; the display name is the brand's name, else `fromName`. */
    from: { name: string | undefined; address: string };
    /** Set when the adapter is smtp. */
    smtp: SmtpConfig | undefined;
  };
  sms: {
    adapter: SmsAdapter;
    /** Set when the adapter is twilio. */
    twilio: TwilioConfig | undefined;
  };
  outbox: {
    pollIntervalMs: number;
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    /** OUTBOX_LEASE_SECONDS: how long a claimed message belongs to its worker. */
    leaseMs: number;
  };
  webhooks: {
    /** One delivery's deadline. Retries follow delivery/webhooks/retry-schedule.ts (over 3 days). */
    timeoutMs: number;
  };
  /**
   * The debtor of payout files; undefined when not configured (export then refuses). In demo mode
   * without PAYOUT_DEBTOR_*: DEMO_PAYOUT_DEBTOR.
   */
  payoutDebtor: { name: string; iban: string; bic: string } | undefined;
  identity: IdentityConfig;
}

/**
 * The payout account of a demo that configured none: named as what it is, with an IBAN of the
 * bank code TEST (valid checksum, no bank has it) and a BIC of the same shape. Refused in
 * production, so a file paid from it can never reach a real bank from there.
 */
export const DEMO_PAYOUT_DEBTOR = Object.freeze({ name: 'Tessera Demo — not a real account', iban: 'NL13TEST0123456789', bic: 'TESTNL2A' });

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings in the environment mean "not set", as in most .env files. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

/** Loopback names and addresses: what a demo may listen on without DEMO_MODE=true. */
function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** The name of the first setting whose key bytes also appear in another group, if any. */
function reusedKeyMaterial(groups: [string, Buffer[]][]): string | undefined {
  for (const [name, keys] of groups) {
    for (const [otherName, others] of groups) {
      if (otherName === name) continue;
      if (keys.some((k) => others.some((o) => k.equals(o)))) return name;
    }
  }
  return undefined;
}

/** Every setting's name, for .env.example's test: the example names them all. */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

/**
 * The settings a command-line run reads (operator/cli): where the database is, the keys, the
 * payout account, and how it runs. An operator listing payouts on a production machine needs no
 * SMTP password or Twilio token, and a wrong one must not stop the command.
 */
const CLI_SETTINGS = new Set([
  'NODE_ENV',
  'DATABASE_URL',
  'DATABASE_SCHEMA',
  'DATABASE_POOL_MAX',
  'DATA_KEYS',
  'DATA_KEY_CURRENT',
  'PIN_KEYS',
  'PIN_KEY_CURRENT',
  'INDEX_KEY',
  'INDEX_KEYS',
  'INDEX_KEY_CURRENT',
  'SECRET_PEPPERS',
  'SECRET_PEPPER_CURRENT',
  'KEYS_FILE',
  'DEMO_MODE',
  'MIGRATE_ON_START',
  'LOG_LEVEL',
  'PAYOUT_DEBTOR_NAME',
  'PAYOUT_DEBTOR_IBAN',
  'PAYOUT_DEBTOR_BIC',
]);

/**
 * Reads and checks the configuration. `for: 'cli'` reads only CLI_SETTINGS: every other setting
 * takes its default and no problem of another setting is reported.
 */
export function parseConfig(env: Record<string, string | undefined> = process.env, options: { for?: 'server' | 'cli' } = {}): Config {
  const cli = options.for === 'cli';
  const source = cli ? Object.fromEntries(Object.entries(env).filter(([name]) => CLI_SETTINGS.has(name))) : env;
  try {
    return parseAll(source);
  } catch (error) {
    if (!cli || !(error instanceof ConfigError)) throw error;
    const own = error.problems.filter((problem) => CLI_SETTINGS.has(problem.split(':')[0]!));
    if (own.length > 0) throw new ConfigError(own);
    return parseAll(source, { unchecked: true });
  }
}

function parseAll(env: Record<string, string | undefined>, options: { unchecked?: boolean } = {}): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';

  const demoMode = e.DEMO_MODE ?? !isProduction;
  if (isProduction && demoMode) problems.push('DEMO_MODE: demo mode is refused in production');
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  // Demo mode has a sandbox bank where anyone passes the identity check and an outbox anyone can
  // read: left on by accident (NODE_ENV forgotten), it must not be reachable from other machines.
  if (demoMode && e.DEMO_MODE === undefined && !isLoopbackHost(host)) {
    problems.push(`HOST: demo mode (NODE_ENV is not production) listens on loopback addresses only; set DEMO_MODE=true to serve the demo on ${host} on purpose`);
  }
  if (isProduction && e.TRUST_PROXY === true) {
    problems.push('TRUST_PROXY: true would take the client address from any X-Forwarded-For; give the number of proxy hops or the proxies\' addresses');
  }

  const provider: CaptchaProvider = e.CAPTCHA_PROVIDER ?? (isProduction ? 'recaptcha' : 'altcha');
  if (isProduction && provider === 'test') problems.push('CAPTCHA_PROVIDER: the test captcha is refused in production');
  if (provider === 'recaptcha') {
    if (!e.RECAPTCHA_SECRET) problems.push('RECAPTCHA_SECRET: required when CAPTCHA_PROVIDER is recaptcha');
    if (!e.RECAPTCHA_SITE_KEY) problems.push('RECAPTCHA_SITE_KEY: required when CAPTCHA_PROVIDER is recaptcha');
  }
  if (isProduction && provider === 'recaptcha' && !e.RECAPTCHA_VERIFY_URL.startsWith('https:')) {
    problems.push('RECAPTCHA_VERIFY_URL: must be https in production');
  }
  if (isProduction && provider === 'altcha' && !e.ALTCHA_HMAC_KEY) {
    problems.push('ALTCHA_HMAC_KEY: required in production when CAPTCHA_PROVIDER is altcha');
  }

  let keys: KeyMaterialFromEnv | undefined;
  const keyVars = [e.DATA_KEYS, e.PIN_KEYS, e.INDEX_KEY, e.INDEX_KEYS, e.SECRET_PEPPERS];
  const anyKeys = keyVars.some((k) => k !== undefined);
  if (isProduction || anyKeys) {
    // Keys come from the environment all together or (demo and development) all from the keys file.
    if (!e.DATA_KEYS) problems.push('DATA_KEYS: required (VERSION:BASE64 32-byte keys)');
    if (!e.PIN_KEYS) problems.push('PIN_KEYS: required (VERSION:BASE64 32-byte keys of their own, for Visa PINs)');
    if (!e.INDEX_KEY && !e.INDEX_KEYS) problems.push('INDEX_KEYS: required (VERSION:BASE64 32-byte keys; or INDEX_KEY, a single key that is version 1)');
    if (e.INDEX_KEY && e.INDEX_KEYS) problems.push('INDEX_KEY: set INDEX_KEYS or INDEX_KEY, not both (INDEX_KEY=K is INDEX_KEYS=1:K)');
    if (!e.SECRET_PEPPERS) problems.push('SECRET_PEPPERS: required (VERSION:BASE64 32-byte peppers)');
    const indexKeys = e.INDEX_KEYS ?? (e.INDEX_KEY ? new Map([[1, e.INDEX_KEY]]) : undefined);
    const dataKeyCurrent = e.DATA_KEY_CURRENT ?? (e.DATA_KEYS ? Math.max(...e.DATA_KEYS.keys()) : 0);
    const pinKeyCurrent = e.PIN_KEY_CURRENT ?? (e.PIN_KEYS ? Math.max(...e.PIN_KEYS.keys()) : 0);
    const indexKeyCurrent = e.INDEX_KEY_CURRENT ?? (indexKeys ? Math.max(...indexKeys.keys()) : 0);
    const pepperCurrent = e.SECRET_PEPPER_CURRENT ?? (e.SECRET_PEPPERS ? Math.max(...e.SECRET_PEPPERS.keys()) : 0);
    if (e.DATA_KEYS && !e.DATA_KEYS.has(dataKeyCurrent)) {
      problems.push(`DATA_KEY_CURRENT: version ${dataKeyCurrent} is not in DATA_KEYS`);
    }
    if (e.PIN_KEYS && !e.PIN_KEYS.has(pinKeyCurrent)) {
      problems.push(`PIN_KEY_CURRENT: version ${pinKeyCurrent} is not in PIN_KEYS`);
    }
    if (indexKeys && !indexKeys.has(indexKeyCurrent)) {
      problems.push(`INDEX_KEY_CURRENT: version ${indexKeyCurrent} is not in ${e.INDEX_KEYS ? 'INDEX_KEYS' : 'INDEX_KEY (version 1)'}`);
    }
    // Two versions are a rotation (lookups try both); a third would be a second rotation begun
    // before the first was finished, and every lookup would have to try all three.
    if (e.INDEX_KEYS && e.INDEX_KEYS.size > 2) problems.push('INDEX_KEYS: at most two versions (finish a rotation, see "tessera keys status", before adding another)');
    if (e.INDEX_KEYS && e.INDEX_KEYS.size === 2 && reusedKeyMaterial([...e.INDEX_KEYS].map(([v, k]) => [`INDEX_KEYS version ${v}`, [k]]))) {
      problems.push('INDEX_KEYS: the two versions are the same key');
    }
    if (e.SECRET_PEPPERS && !e.SECRET_PEPPERS.has(pepperCurrent)) {
      problems.push(`SECRET_PEPPER_CURRENT: version ${pepperCurrent} is not in SECRET_PEPPERS`);
    }
    if (isProduction && e.DATA_KEYS && e.PIN_KEYS && indexKeys && e.SECRET_PEPPERS) {
      // One leaked key must not open the other doors: the data keys, the PIN keys, the blind
      // index keys (every version) and the peppers are each their own material.
      const reused = reusedKeyMaterial([
        ['DATA_KEYS', [...e.DATA_KEYS.values()]],
        ['PIN_KEYS', [...e.PIN_KEYS.values()]],
        [e.INDEX_KEYS ? 'INDEX_KEYS' : 'INDEX_KEY', [...indexKeys.values()]],
        ['SECRET_PEPPERS', [...e.SECRET_PEPPERS.values()]],
      ]);
      if (reused) problems.push(`${reused}: the same key material is used for more than one of DATA_KEYS, PIN_KEYS, INDEX_KEYS and SECRET_PEPPERS`);
    }
    if (e.DATA_KEYS && e.PIN_KEYS && indexKeys && e.SECRET_PEPPERS) {
      keys = {
        dataKeys: e.DATA_KEYS,
        dataKeyCurrent,
        pinKeys: e.PIN_KEYS,
        pinKeyCurrent,
        indexKeys,
        indexKeyCurrent,
        secretPeppers: e.SECRET_PEPPERS,
        secretPepperCurrent: pepperCurrent,
      };
    }
  }

  const mailAdapter: MailAdapter = e.MAIL_ADAPTER ?? (isProduction || e.SMTP_HOST ? 'smtp' : 'local');
  if (isProduction && mailAdapter === 'local') {
    problems.push('MAIL_ADAPTER: the local mailbox is refused in production (use smtp)');
  }
  let smtp: SmtpConfig | undefined;
  if (mailAdapter === 'smtp') {
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
  const smsAdapter: SmsAdapter = e.SMS_ADAPTER ?? (isProduction || e.TWILIO_ACCOUNT_SID ? 'twilio' : 'local');
  if (isProduction && smsAdapter === 'local') {
    problems.push('SMS_ADAPTER: the local outbox is refused in production (use twilio)');
  }
  let twilio: TwilioConfig | undefined;
  if (smsAdapter === 'twilio') {
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
    if (e.TWILIO_ACCOUNT_SID && username && password) {
      twilio = {
        apiUrl: e.TWILIO_API_URL,
        accountSid: e.TWILIO_ACCOUNT_SID,
        username,
        password,
        from: e.SMS_FROM,
        messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
        timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
      };
    }
  }

  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  // Production serves cardholders over TLS only: cookies, redirects and the PIN frame's
  // frame-ancestors are all built from this address.
  if (isProduction && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the https address cardholders reach the portal at)');
  else if (isProduction && !publicUrl.startsWith('https:')) problems.push('PUBLIC_URL: must be https in production');
  // The PIN frame needs an origin of its own. The default is the loopback address on the same
  // port, unless the portal itself is reached there; then it is localhost.
  const pinFrameUrl =
    e.PIN_FRAME_URL ?? (new URL(publicUrl).host === `127.0.0.1:${e.PORT}` ? `http://localhost:${e.PORT}` : `http://127.0.0.1:${e.PORT}`);
  if (new URL(pinFrameUrl).host === new URL(publicUrl).host) {
    problems.push('PIN_FRAME_URL: must be another host than PUBLIC_URL (the PIN frame needs an origin of its own)');
  }
  if (isProduction && !pinFrameUrl.startsWith('https:')) problems.push('PIN_FRAME_URL: must be https in production');

  if (e.OUTBOX_RETRY_MAX_SECONDS < e.OUTBOX_RETRY_BASE_SECONDS) {
    problems.push('OUTBOX_RETRY_MAX_SECONDS: must not be below OUTBOX_RETRY_BASE_SECONDS');
  }
  // A lease shorter than a send could take lets a second worker send the same message while the
  // first is still at it. One SMTP send may spend its timeout on connection, greeting and socket
  // each, hence four times the longest timeout of the channels in use.
  const longestSendSeconds = Math.max(smtp ? e.SMTP_TIMEOUT_SECONDS : 0, twilio ? e.SMS_TIMEOUT_SECONDS : 0, e.WEBHOOK_TIMEOUT_SECONDS);
  const leaseSeconds = e.OUTBOX_LEASE_SECONDS ?? Math.max(300, 4 * longestSendSeconds);
  if (leaseSeconds < 4 * longestSendSeconds) {
    problems.push(`OUTBOX_LEASE_SECONDS: must be at least ${4 * longestSendSeconds} (4 times the longest send timeout, ${longestSendSeconds} s)`);
  }

  let payoutDebtor: Config['payoutDebtor'];
  if (isProduction && e.PAYOUT_DEBTOR_IBAN === DEMO_PAYOUT_DEBTOR.iban) {
    problems.push('PAYOUT_DEBTOR_IBAN: the demo payout account is refused in production (set the real account payouts are paid from)');
  }
  if (demoMode && !e.PAYOUT_DEBTOR_NAME && !e.PAYOUT_DEBTOR_IBAN && !e.PAYOUT_DEBTOR_BIC) {
    // The demo exports payout files out of the box, from an account that says what it is.
    payoutDebtor = DEMO_PAYOUT_DEBTOR;
  } else if (e.PAYOUT_DEBTOR_NAME || e.PAYOUT_DEBTOR_IBAN || e.PAYOUT_DEBTOR_BIC) {
    if (!e.PAYOUT_DEBTOR_NAME) problems.push('PAYOUT_DEBTOR_NAME: required with PAYOUT_DEBTOR_IBAN (the account holder of the payout account)');
    if (!e.PAYOUT_DEBTOR_IBAN) problems.push('PAYOUT_DEBTOR_IBAN: required with PAYOUT_DEBTOR_NAME (the account payouts are paid from)');
    const bic = e.PAYOUT_DEBTOR_BIC ?? (e.PAYOUT_DEBTOR_IBAN ? bicOfIban(e.PAYOUT_DEBTOR_IBAN) : undefined);
    if (e.PAYOUT_DEBTOR_IBAN && !bic) problems.push('PAYOUT_DEBTOR_BIC: required when the bank of PAYOUT_DEBTOR_IBAN is not a known Dutch bank');
    if (e.PAYOUT_DEBTOR_NAME && e.PAYOUT_DEBTOR_IBAN && bic) payoutDebtor = { name: e.PAYOUT_DEBTOR_NAME, iban: e.PAYOUT_DEBTOR_IBAN, bic };
  }

  // Bank identity: the sandbox is the embedded default outside production and refused in it; a
  // production without an iDIN broker has no bank identity (PAYOUT and IDENTIFY then refuse).
  const identityAdapter: IdentityAdapter = e.IDENTITY_ADAPTER ?? (e.IDIN_ISSUER_URL ? 'oidc' : isProduction ? 'off' : 'sandbox');
  if (isProduction && identityAdapter === 'sandbox') {
    problems.push('IDENTITY_ADAPTER: the sandbox iDIN provider is refused in production (use oidc with your iDIN broker)');
  }
  let identityIssuer = '';
  if (identityAdapter === 'sandbox') {
    if (e.IDIN_ISSUER_URL) problems.push(`IDIN_ISSUER_URL: not used with the sandbox (its issuer is PUBLIC_URL${SANDBOX_IDIN_PATH})`);
    identityIssuer = `${publicUrl}${SANDBOX_IDIN_PATH}`;
  } else if (identityAdapter === 'oidc') {
    if (!e.IDIN_ISSUER_URL) problems.push('IDIN_ISSUER_URL: required when IDENTITY_ADAPTER is oidc (the iDIN broker\'s OpenID Connect issuer)');
    if (!e.IDIN_CLIENT_ID) problems.push('IDIN_CLIENT_ID: required when IDENTITY_ADAPTER is oidc');
    if (!e.IDIN_CLIENT_SECRET) problems.push('IDIN_CLIENT_SECRET: required when IDENTITY_ADAPTER is oidc');
    if (isProduction && e.IDIN_ISSUER_URL && !e.IDIN_ISSUER_URL.startsWith('https:')) problems.push('IDIN_ISSUER_URL: must be https in production');
    identityIssuer = e.IDIN_ISSUER_URL ?? '';
  }

  if (problems.length > 0 && !options.unchecked) throw new ConfigError(problems);

  const database: Config['database'] = e.DATABASE_URL.startsWith('file:')
    ? { dialect: 'sqlite', file: path.resolve(e.DATABASE_URL.slice('file:'.length)) }
    : { dialect: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA, poolMax: e.DATABASE_POOL_MAX };

  // Keys live next to the SQLite file so one directory holds the whole demo; PostgreSQL demos use ./data.
  const keysFile = path.resolve(
    e.KEYS_FILE ??
      (database.dialect === 'sqlite'
        ? path.join(path.dirname(database.file), 'tessera.keys.json')
        : './data/tessera.keys.json'),
  );

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host,
    database,
    publicUrl,
    pinFrameUrl,
    demoMode,
    migrateOnStart: e.MIGRATE_ON_START ?? !isProduction,
    captcha: {
      provider,
      altchaHmacKey: e.ALTCHA_HMAC_KEY,
      altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
      altchaChallengeTtlSeconds: e.ALTCHA_CHALLENGE_TTL_SECONDS,
      recaptchaSecret: e.RECAPTCHA_SECRET,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
      recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
      recaptchaDomain: e.RECAPTCHA_DOMAIN,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    errorReportsPerMinute: e.ERROR_REPORTS_PER_MINUTE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    errorReportRetentionDays: e.ERROR_REPORT_RETENTION_DAYS,
    outboxFailedContentDays: e.OUTBOX_FAILED_CONTENT_DAYS,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(appRoot, '..', '..', 'web', 'dist')),
    keys,
    keysFile,
    defaultBrand: e.DEFAULT_BRAND,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    mail: {
      adapter: mailAdapter,
      from: e.MAIL_FROM ?? { name: undefined, address: 'no-reply@localhost' },
      smtp,
    },
    sms: { adapter: smsAdapter, twilio },
    outbox: {
      pollIntervalMs: e.OUTBOX_POLL_INTERVAL_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: e.OUTBOX_RETRY_MAX_SECONDS * 1000,
      leaseMs: leaseSeconds * 1000,
    },
    webhooks: { timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000 },
    payoutDebtor,
    identity: {
      adapter: identityAdapter,
      issuerUrl: identityIssuer,
      clientId: e.IDIN_CLIENT_ID ?? 'tessera-portal',
      // The sandbox's client and provider live in one process: a fresh secret each start does.
      clientSecret: e.IDIN_CLIENT_SECRET ?? randomBytes(32).toString('base64url'),
      clientAuth: e.IDIN_CLIENT_AUTH,
      scopes: e.IDIN_SCOPES,
      acrValues: e.IDIN_ACR_VALUES,
      issuerParam: e.IDIN_ISSUER_PARAM,
      redirectUri: `${publicUrl}${IDENTITY_RETURN_PATH}`,
      allowInsecureRequests: !isProduction && identityIssuer.startsWith('http:'),
    },
  };
}
