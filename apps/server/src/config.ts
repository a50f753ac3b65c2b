import path from 'node:path';
import { z } from 'zod';
import { appRoot } from './resources.js';

/**
 * Every setting of the server, read from the environment once and validated here.
 * parseConfig collects every problem before failing, so an operator fixes a deployment in one go.
 */

const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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

/** "1:base64,2:base64": versioned 32-byte keys, the way DATA_KEYS and SECRET_PEPPERS are written. */
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
  RATE_LIMIT_PER_MINUTE: positiveInt.default(60),
  ERROR_REPORTS_PER_MINUTE: positiveInt.default(10),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  KEYS_FILE: z.string().min(1).optional(),
  DATA_KEYS: versionedKeys.optional(),
  DATA_KEY_CURRENT: positiveInt.optional(),
  INDEX_KEY: singleKey.optional(),
  SECRET_PEPPERS: versionedKeys.optional(),
  SECRET_PEPPER_CURRENT: positiveInt.optional(),
  DEFAULT_BRAND: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  TRUST_PROXY: trustProxy.default(false),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
});

export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export interface KeyMaterialFromEnv {
  dataKeys: Map<number, Buffer>;
  dataKeyCurrent: number;
  indexKey: Buffer;
  secretPeppers: Map<number, Buffer>;
  secretPepperCurrent: number;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
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
  };
  rateLimitPerMinute: number;
  errorReportsPerMinute: number;
  logLevel: (typeof LOG_LEVELS)[number];
  webDist: string;
  /** Keys given in the environment; undefined means a keys file (demo and development only). */
  keys: KeyMaterialFromEnv | undefined;
  keysFile: string;
  defaultBrand: string | undefined;
  trustProxy: boolean | number | string[];
  redisUrl: string | undefined;
}

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

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';

  const demoMode = e.DEMO_MODE ?? !isProduction;
  if (isProduction && demoMode) problems.push('DEMO_MODE: demo mode is refused in production');

  const provider: CaptchaProvider = e.CAPTCHA_PROVIDER ?? (isProduction ? 'recaptcha' : 'altcha');
  if (isProduction && provider === 'test') problems.push('CAPTCHA_PROVIDER: the test captcha is refused in production');
  if (provider === 'recaptcha') {
    if (!e.RECAPTCHA_SECRET) problems.push('RECAPTCHA_SECRET: required when CAPTCHA_PROVIDER is recaptcha');
    if (!e.RECAPTCHA_SITE_KEY) problems.push('RECAPTCHA_SITE_KEY: required when CAPTCHA_PROVIDER is recaptcha');
  }
  if (isProduction && provider === 'altcha' && !e.ALTCHA_HMAC_KEY) {
    problems.push('ALTCHA_HMAC_KEY: required in production when CAPTCHA_PROVIDER is altcha');
  }

  let keys: KeyMaterialFromEnv | undefined;
  const keyVars = [e.DATA_KEYS, e.INDEX_KEY, e.SECRET_PEPPERS];
  const anyKeys = keyVars.some((k) => k !== undefined);
  if (isProduction || anyKeys) {
    if (!e.DATA_KEYS) problems.push('DATA_KEYS: required (VERSION:BASE64 32-byte keys)');
    if (!e.INDEX_KEY) problems.push('INDEX_KEY: required (base64 32-byte key)');
    if (!e.SECRET_PEPPERS) problems.push('SECRET_PEPPERS: required (VERSION:BASE64 32-byte peppers)');
    const dataKeyCurrent = e.DATA_KEY_CURRENT ?? (e.DATA_KEYS ? Math.max(...e.DATA_KEYS.keys()) : 0);
    const pepperCurrent = e.SECRET_PEPPER_CURRENT ?? (e.SECRET_PEPPERS ? Math.max(...e.SECRET_PEPPERS.keys()) : 0);
    if (e.DATA_KEYS && !e.DATA_KEYS.has(dataKeyCurrent)) {
      problems.push(`DATA_KEY_CURRENT: version ${dataKeyCurrent} is not in DATA_KEYS`);
    }
    if (e.SECRET_PEPPERS && !e.SECRET_PEPPERS.has(pepperCurrent)) {
      problems.push(`SECRET_PEPPER_CURRENT: version ${pepperCurrent} is not in SECRET_PEPPERS`);
    }
    if (e.DATA_KEYS && e.INDEX_KEY && e.SECRET_PEPPERS) {
      keys = {
        dataKeys: e.DATA_KEYS,
        dataKeyCurrent,
        indexKey: e.INDEX_KEY,
        secretPeppers: e.SECRET_PEPPERS,
        secretPepperCurrent: pepperCurrent,
      };
    }
  }

  if (problems.length > 0) throw new ConfigError(problems);

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
    host: e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    database,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    pinFrameUrl: e.PIN_FRAME_URL ?? `http://127.0.0.1:${e.PORT}`,
    demoMode,
    captcha: {
      provider,
      altchaHmacKey: e.ALTCHA_HMAC_KEY,
      altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
      altchaChallengeTtlSeconds: e.ALTCHA_CHALLENGE_TTL_SECONDS,
      recaptchaSecret: e.RECAPTCHA_SECRET,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
      recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    errorReportsPerMinute: e.ERROR_REPORTS_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(appRoot, '..', '..', 'web', 'dist')),
    keys,
    keysFile,
    defaultBrand: e.DEFAULT_BRAND,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
  };
}
