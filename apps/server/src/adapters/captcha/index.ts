import type { Config } from '../../config/index.js';
import { createAltchaCaptcha } from './altcha.js';
import type { CaptchaPort } from './port.js';
import { createRecaptchaCaptcha } from './recaptcha.js';
import { createTestCaptcha } from './test.js';

/** Picks the captcha adapter the configuration names; config/ has already checked its keys. */
export function createCaptcha(config: Config, altchaHmacKey: string): CaptchaPort {
  switch (config.captcha.provider) {
    case 'altcha':
      return createAltchaCaptcha({
        hmacKey: altchaHmacKey,
        maxNumber: config.captcha.altchaMaxNumber,
        ttlSeconds: config.captcha.altchaChallengeTtlSeconds,
      });
    case 'recaptcha':
      return createRecaptchaCaptcha({
        secret: config.captcha.recaptchaSecret!,
        siteKey: config.captcha.recaptchaSiteKey!,
        verifyUrl: config.captcha.recaptchaVerifyUrl,
        expectedHostname: new URL(config.publicUrl).hostname,
        scriptOrigin: `https://${config.captcha.recaptchaDomain}`,
      });
    case 'test':
      return createTestCaptcha();
  }
}
