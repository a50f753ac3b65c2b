import { createHash } from 'node:crypto';
import type { CaptchaPort, CaptchaVerification } from './port.js';

export interface RecaptchaOptions {
  secret: string;
  siteKey: string;
  verifyUrl: string;
  timeoutMs?: number;
}

/** Google reCAPTCHA: the token is verified with Google's siteverify endpoint. */
export function createRecaptchaCaptcha(options: RecaptchaOptions): CaptchaPort {
  return {
    provider: 'recaptcha',
    key: () => ({ provider: 'recaptcha', key: options.siteKey }),
    async verify(token, clientAddress): Promise<CaptchaVerification> {
      const refused = { ok: false, uniqueId: null, validUntil: new Date() };
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (clientAddress) body.set('remoteip', clientAddress);
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) return refused;
        const result = (await response.json()) as { success?: unknown };
        if (result.success !== true) return refused;
      } catch {
        // Google unreachable: refuse rather than let bots through.
        return refused;
      }
      return {
        ok: true,
        uniqueId: `recaptcha:${createHash('sha256').update(token).digest('base64url')}`,
        // Google's tokens live two minutes; keep the spent record a little longer.
        validUntil: new Date(Date.now() + 5 * 60 * 1000),
      };
    },
  };
}
