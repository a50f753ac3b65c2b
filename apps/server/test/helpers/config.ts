import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/index.js';

/** A fresh 32-byte key, base64, as DATA_KEYS, PIN_KEYS, INDEX_KEY and SECRET_PEPPERS take them. */
export const randomKey = () => randomBytes(32).toString('base64');

/**
 * A complete production configuration (demo mode off, real keys, no test captcha, SMTP, Twilio and
 * https portal and PIN frame addresses), with `env` on top: what a test changes is all it has to name.
 */
/** The four keys production needs, fresh (DATA_KEYS, PIN_KEYS, INDEX_KEY, SECRET_PEPPERS). */
export const productionKeys = (): Record<string, string> => ({
  DATA_KEYS: `1:${randomKey()}`,
  PIN_KEYS: `1:${randomKey()}`,
  INDEX_KEY: randomKey(),
  SECRET_PEPPERS: `1:${randomKey()}`,
});

export const productionEnv = (env: Record<string, string> = {}): Record<string, string> => ({
  NODE_ENV: 'production',
  CAPTCHA_PROVIDER: 'altcha',
  ALTCHA_HMAC_KEY: 'a-long-enough-hmac-key-for-altcha',
  ...productionKeys(),
  SMTP_HOST: 'smtp.example.com',
  MAIL_FROM: 'no-reply@example.com',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'token',
  SMS_FROM: 'Tessera',
  PUBLIC_URL: 'https://cards.example.com',
  PIN_FRAME_URL: 'https://pin.cards.example.com',
  ...env,
});

/** productionEnv with the back office on a host of its own (ADMIN_URL) and the staff's OIDC provider it signs in with. */
export const productionEnvWithAdminHost = (): Record<string, string> =>
  productionEnv({
    ADMIN_URL: 'https://admin.example.com',
    STAFF_OIDC_ISSUER: 'https://login.example.com',
    STAFF_OIDC_CLIENT_ID: 'tessera',
    STAFF_OIDC_CLIENT_SECRET: 'a-secret-of-enough-length',
  });

/** productionEnv without the settings named: to see what parseConfig says when they are missing. */
export function productionEnvWithout(missing: string[], env: Record<string, string> = {}): Record<string, string> {
  const base = productionEnv();
  for (const key of missing) delete base[key];
  return { ...base, ...env };
}

/** The problems parseConfig lists for `env`; fails when it accepts the configuration. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

/** For settings that are each bad on their own: parseConfig names every one of them, all at once. */
export function expectEveryKeyRefused(env: Record<string, string>): void {
  const problems = problemsOf(env);
  for (const name of Object.keys(env)) {
    expect(problems.some((p) => p.startsWith(`${name}:`)), name).toBe(true);
  }
}
