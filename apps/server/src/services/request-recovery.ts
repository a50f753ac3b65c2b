import type { CodeRequestResult } from '@tessera/contracts';
import type { RequestContext, ServiceDeps } from './deps.js';
import { requestOneTimeCode } from './support/visa.js';

/**
 * VISA requestrecovery (POST /api/visa/requestrecovery/{themeCode}; x-flow-type optional): card
 * number + captcha + culture, for a forgotten passcode. As RequestActivationCode, but for active
 * cards only: a card not active yet answers TOKEN_IS_NOT_ACTIVE. The recovery code is a one-time
 * code of purpose `recovery` (it replaces any earlier code; an activation code does not serve).
 */
export function requestRecovery(deps: ServiceDeps, ctx: RequestContext, themeCode: unknown, body: unknown): Promise<CodeRequestResult> {
  return requestOneTimeCode(deps, ctx, themeCode, body, 'recovery');
}
