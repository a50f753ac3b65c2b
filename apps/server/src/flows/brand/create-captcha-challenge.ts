import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';

/** GET /api/Utility/Altcha/challenge: a fresh signed proof-of-work challenge (built-in captcha only). */
export async function createCaptchaChallenge(deps: ServiceDeps): Promise<unknown> {
  if (!deps.captcha.challenge) throw new AppError('NOT_FOUND');
  return deps.captcha.challenge();
}
