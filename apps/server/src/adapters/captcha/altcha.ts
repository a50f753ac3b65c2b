import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaPort, CaptchaVerification } from './port.js';

export const ALTCHA_CHALLENGE_PATH = '/api/Utility/Altcha/challenge';

export interface AltchaOptions {
  hmacKey: string;
  /** Largest counter the client may need to reach; the average work is about half of it. */
  maxNumber: number;
  ttlSeconds: number;
}

interface AltchaPayload {
  challenge: Parameters<typeof verifySolution>[0]['challenge'];
  solution: Parameters<typeof verifySolution>[0]['solution'];
}

function parsePayload(token: string): AltchaPayload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (value && typeof value === 'object' && 'challenge' in value && 'solution' in value) return value as AltchaPayload;
  } catch {
    // not base64 JSON: an invalid token like any other
  }
  return null;
}

/**
 * The built-in, self-hosted proof-of-work captcha (ALTCHA v2, as the altcha widget 3 solves it).
 * SHA-256 with one round per counter keeps the work predictable on phones; the counter is chosen
 * at random so every challenge costs about the same. Challenges are signed and expire.
 */
export function createAltchaCaptcha(options: AltchaOptions): CaptchaPort {
  const hmacKeySignatureSecret = `${options.hmacKey}:key`;
  const minCounter = Math.max(1, Math.floor(options.maxNumber / 5));
  return {
    provider: 'altcha',
    key: () => ({ provider: 'altcha', key: ALTCHA_CHALLENGE_PATH }),
    async challenge() {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: options.maxNumber <= minCounter ? options.maxNumber : randomInt(options.maxNumber, minCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + options.ttlSeconds * 1000),
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret,
      });
    },
    async verify(token): Promise<CaptchaVerification> {
      const refused = { ok: false, uniqueId: null, validUntil: new Date() };
      const payload = parsePayload(token);
      if (!payload?.challenge?.parameters || !payload.solution) return refused;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: options.hmacKey,
          hmacKeySignatureSecret,
        });
        if (!result.verified) return refused;
      } catch {
        return refused;
      }
      const expiresAt = payload.challenge.parameters.expiresAt;
      return {
        ok: true,
        // The nonce is covered by the signature: the same solved challenge cannot be re-wrapped.
        uniqueId: `altcha:${payload.challenge.parameters.nonce}`,
        validUntil: expiresAt ? new Date(expiresAt * 1000) : new Date(Date.now() + options.ttlSeconds * 1000),
      };
    },
  };
}
