import { createHash } from 'node:crypto';
import { deleteExpiredCaptchaTokens, spendCaptchaToken } from '../db/repositories/captcha-tokens.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { AuditFields, CustomerCall } from './call-gate.js';

/**
 * Verifies a captcha token and spends it. A token works once: the spent-token table is shared by
 * every server process, so a replay is refused wherever it lands.
 */
export async function checkCaptcha(deps: ServiceDeps, token: string | undefined, clientAddress: string | undefined): Promise<boolean> {
  const refused = (reason: 'missing' | 'invalid' | 'spent') => {
    deps.metrics.captchaRefusals.inc({ provider: deps.captcha.provider, reason });
    return false;
  };
  if (!token) return refused('missing');
  const verification = await deps.captcha.verify(token, clientAddress);
  if (!verification.ok) return refused('invalid');
  if (verification.uniqueId === null) return true;
  const now = deps.now();
  const tokenHash = createHash('sha256').update(verification.uniqueId).digest('base64url');
  const fresh = await spendCaptchaToken(deps.db, tokenHash, verification.validUntil.toISOString(), now.toISOString());
  // Expired records can go; sweeping now and then keeps the table small without a timer.
  if (fresh && Math.random() < 0.01) await deleteExpiredCaptchaTokens(deps.db, now.toISOString());
  return fresh || refused('spent');
}

/**
 * The captcha step of a customer call: a token that does not verify (or was spent) is audited as
 * `captcha_invalid` under the call's audit fields and refused with CAPTCHA_INVALID.
 */
export async function requireCaptcha(deps: ServiceDeps, call: CustomerCall, token: string | undefined, audit: AuditFields): Promise<void> {
  if (await checkCaptcha(deps, token, call.clientAddress)) return;
  await deps.audit.record({ ...audit, outcome: 'captcha_invalid' }, deps.now().toISOString());
  throw new AppError('CAPTCHA_INVALID');
}
