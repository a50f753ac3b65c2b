import { z } from 'zod';
import { type CaptchaConfig, captchaSettings, parseCaptcha } from './captcha.js';
import { type DatabaseConfig, databaseSettings, parseDatabase } from './database.js';
import { type IdentityConfig, identitySettings, parseIdentity } from './identity.js';
import { type KeyMaterialFromEnv, keySettings, parseKeys } from './keys.js';
import { type LimitsConfig, limitSettings, parseLimits } from './limits.js';
import { type MailConfig, mailSettings, parseMail } from './mail.js';
import { type OutboxConfig, outboxSettings, parseOutbox, type WebhooksConfig } from './outbox.js';
import { parsePayoutDebtor, type PayoutDebtor, payoutSettings } from './payout.js';
import { parseRuntime, type RuntimeConfig, runtimeSettings } from './runtime.js';
import { ConfigError, type Problems } from './settings.js';
import { type SmsConfig, parseSms, smsSettings } from './sms.js';
import { parseStaff, type StaffConfig, staffSettings } from './staff.js';
import { parseUrls, urlSettings, type UrlsConfig } from './urls.js';

/**
 * Every setting of the server, read from the environment once and validated here: one parser per
 * concern (this folder), assembled below. parseConfig collects every problem of every concern
 * before failing, so an operator fixes a deployment in one go.
 */

const envSchema = z.object({
  ...runtimeSettings,
  ...databaseSettings,
  ...urlSettings,
  ...captchaSettings,
  ...limitSettings,
  ...keySettings,
  ...mailSettings,
  ...smsSettings,
  ...outboxSettings,
  ...payoutSettings,
  ...identitySettings,
  ...staffSettings,
});

export interface Config extends RuntimeConfig, UrlsConfig, LimitsConfig {
  database: DatabaseConfig;
  captcha: CaptchaConfig;
  /** Keys given in the environment; undefined means a keys file (demo and development only). */
  keys: KeyMaterialFromEnv | undefined;
  keysFile: string;
  mail: MailConfig;
  sms: SmsConfig;
  outbox: OutboxConfig;
  webhooks: WebhooksConfig;
  /** The debtor of payout files (payout.ts); undefined when not configured. */
  payoutDebtor: PayoutDebtor | undefined;
  identity: IdentityConfig;
  /** The back office (docs/decisions/030). */
  staff: StaffConfig;
}

/** Empty strings in the environment mean "not set", as in most .env files. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== '') out[key] = value;
  return out;
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
  const problems: Problems = [];
  const runtime = parseRuntime(e, problems);
  const { isProduction, demoMode } = runtime;
  const captcha = parseCaptcha(e, isProduction, problems);
  const keys = parseKeys(e, isProduction, problems);
  const mail = parseMail(e, isProduction, problems);
  const sms = parseSms(e, isProduction, problems);
  const urls = parseUrls(e, isProduction, problems);
  const { outbox, webhooks } = parseOutbox(e, { smtp: mail.smtp ? e.SMTP_TIMEOUT_SECONDS : 0, sms: sms.twilio ? e.SMS_TIMEOUT_SECONDS : 0 }, problems);
  const payoutDebtor = parsePayoutDebtor(e, { isProduction, demoMode }, problems);
  const identity = parseIdentity(e, urls.publicUrl, isProduction, problems);
  const staff = parseStaff(e, urls, isProduction, problems);

  if (problems.length > 0 && !options.unchecked) throw new ConfigError(problems);

  return {
    ...runtime,
    ...parseDatabase(e),
    ...urls,
    ...parseLimits(e),
    captcha,
    keys,
    mail,
    sms,
    outbox,
    webhooks,
    payoutDebtor,
    identity,
    staff,
  };
}

export { ConfigError } from './settings.js';
export { DEMO_PAYOUT_DEBTOR } from './payout.js';
export { IDENTITY_RETURN_PATH, SANDBOX_IDIN_PATH, type IdentityAdapter, type IdentityConfig } from './identity.js';
export type { CaptchaProvider } from './captcha.js';
export type { KeyMaterialFromEnv } from './keys.js';
export type { MailAdapter, SmtpConfig } from './mail.js';
export type { SmsAdapter, TwilioConfig } from './sms.js';
export { SANDBOX_STAFF_PATH, STAFF_CALLBACK_PATH, type StaffConfig } from './staff.js';
