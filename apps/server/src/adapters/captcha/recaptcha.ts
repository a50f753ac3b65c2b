import { createHash } from 'node:crypto';
import type { CaptchaPort, CaptchaVerification } from './port.js';

export interface RecaptchaOptions {
  secret: string;
  siteKey: string;
  verifyUrl: string;
  /** The host name the widget must have been solved on: the portal's (PUBLIC_URL). */
  expectedHostname: string;
  /** https://www.google.com or https://www.recaptcha.net: where the browser loads the widget from. */
  scriptOrigin: string;
  timeoutMs?: number;
  now?: () => Date;
}

/**
 * How old a token may be: Google's reCAPTCHA tokens live two minutes ("Verifying the user's
 * response": each token is valid for two minutes and can only be verified once).
 */
export const RECAPTCHA_TOKEN_MAX_AGE_MS = 2 * 60 * 1000;

interface SiteverifyAnswer {
  success?: unknown;
  hostname?: unknown;
  challenge_ts?: unknown;
}

/**
 * Google reCAPTCHA: the token is verified with Google's siteverify endpoint, and the answer must
 * also say it was solved on the portal's own host name (a token solved on another site with the
 * same key, or a site key lifted onto a copy of the portal, is refused) and not longer ago than
 * Google lets a token live.
 */
export function createRecaptchaCaptcha(options: RecaptchaOptions): CaptchaPort {
  const now = options.now ?? (() => new Date());
  return {
    provider: 'recaptcha',
    key: () => ({ provider: 'recaptcha', key: options.siteKey, scriptOrigin: options.scriptOrigin }),
    async verify(token, clientAddress): Promise<CaptchaVerification> {
      const refused = { ok: false, uniqueId: null, validUntil: now() };
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (clientAddress) body.set('remoteip', clientAddress);
      let result: SiteverifyAnswer;
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) return refused;
        result = (await response.json()) as SiteverifyAnswer;
      } catch {
        // Google unreachable: refuse rather than let bots through.
        return refused;
      }
      if (result.success !== true) return refused;
      if (typeof result.hostname !== 'string' || result.hostname.toLowerCase() !== options.expectedHostname.toLowerCase()) return refused;
      const solvedAt = typeof result.challenge_ts === 'string' ? Date.parse(result.challenge_ts) : Number.NaN;
      if (Number.isNaN(solvedAt) || now().getTime() - solvedAt > RECAPTCHA_TOKEN_MAX_AGE_MS) return refused;
      return {
        ok: true,
        uniqueId: `recaptcha:${createHash('sha256').update(token).digest('base64url')}`,
        // The spent record outlives the token, so a replay within its life is refused.
        validUntil: new Date(solvedAt + RECAPTCHA_TOKEN_MAX_AGE_MS + 60 * 1000),
      };
    },
  };
}
