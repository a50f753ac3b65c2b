import { z } from 'zod';
import { positiveInt, type Problems, type SettingsOf } from './settings.js';

const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'test'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export const captchaSettings = {
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
};

export interface CaptchaConfig {
  provider: CaptchaProvider;
  altchaHmacKey: string | undefined;
  altchaMaxNumber: number;
  altchaChallengeTtlSeconds: number;
  recaptchaSecret: string | undefined;
  recaptchaSiteKey: string | undefined;
  recaptchaVerifyUrl: string;
  recaptchaDomain: 'www.google.com' | 'www.recaptcha.net';
}

export function parseCaptcha(e: SettingsOf<typeof captchaSettings>, isProduction: boolean, problems: Problems): CaptchaConfig {
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
  return {
    provider,
    altchaHmacKey: e.ALTCHA_HMAC_KEY,
    altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
    altchaChallengeTtlSeconds: e.ALTCHA_CHALLENGE_TTL_SECONDS,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    recaptchaDomain: e.RECAPTCHA_DOMAIN,
  };
}
