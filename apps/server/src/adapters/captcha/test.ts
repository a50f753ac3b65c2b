import type { CaptchaPort } from './port.js';

export const TEST_CAPTCHA_TOKEN = 'test-pass';

/**
 * For benchmarks and tests: accepts the token "test-pass", again and again (a benchmark sends
 * thousands of lookups). Refused in production by config/.
 */
export function createTestCaptcha(): CaptchaPort {
  return {
    provider: 'test',
    key: () => ({ provider: 'test', key: TEST_CAPTCHA_TOKEN }),
    async verify(token) {
      return { ok: token === TEST_CAPTCHA_TOKEN, uniqueId: null, validUntil: new Date() };
    },
  };
}
