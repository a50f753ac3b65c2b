import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'oidc-provider';

/** A sandbox provider's RS256 signing key, made at its first use and kept in memory only. */
export async function sandboxSigningKey(): Promise<JWK> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: `sandbox-${randomBytes(6).toString('hex')}`, use: 'sig', alg: 'RS256' };
}

/** The cookies of a sandbox provider: signed with a key of this process, kept under its own path. */
export const sandboxCookies = (mountPath: string) => ({
  keys: [randomBytes(32).toString('base64url')],
  long: { httpOnly: true, sameSite: 'lax' as const, path: mountPath },
  short: { httpOnly: true, sameSite: 'lax' as const, path: mountPath },
});
