import type { CodeRequestResult } from '@tessera/contracts';
import type { RequestContext, ServiceDeps } from './deps.js';
import { requestOneTimeCode } from './support/visa.js';

/**
 * VISA RequestActivationCode (POST /api/visa/RequestActivationCode/{themeCode}, x-flow-type VISA):
 * card number + captcha + culture. Checks: brand, flow VISA, body, captcha, then the card: an
 * inactive (or passcode_set: the activation starts again) Visa card of this brand, else
 * INVALID_TOKEN; an active one TOKEN_ALREADY_ACTIVATED; guessing cool-down or lock, or 3 codes in
 * the last hour, TOO_MANY_REQUESTS. Sends a new 6-digit code by SMS (outbox, same transaction) and
 * answers the phone number masked.
 */
export function requestActivationCode(deps: ServiceDeps, ctx: RequestContext, themeCode: unknown, body: unknown): Promise<CodeRequestResult> {
  return requestOneTimeCode(deps, ctx, themeCode, body, 'activation');
}
