import type { CaptchaKey } from '@tessera/contracts';
import type { ServiceDeps } from '../../deps.js';

/** GET /api/Utility/Recaptcha: which captcha the browser shows and its key or challenge URL. */
export function getCaptchaKey(deps: ServiceDeps): CaptchaKey {
  return deps.captcha.key();
}
