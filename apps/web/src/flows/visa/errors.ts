import { ApiError } from '../../lib/api';

/** What a refused code request, login or passcode step says (spec §8); 'captcha' restarts the check. */
export type VisaErrorKey =
  | 'visa__error_already_active'
  | 'visa__error_too_many_requests'
  | 'visa__error_card_number'
  | 'visa__error_not_active'
  | 'visa__login_error'
  | 'visa__error_generic'
  | 'captcha';

const is400 = (error: unknown, code: string) => error instanceof ApiError && error.status === 400 && error.code === code;

/**
 * RequestActivationCode (§8): TOKEN_ALREADY_ACTIVATED 'already active', TOO_MANY_REQUESTS 'too
 * many requests', INVALID_TOKEN the card-number error, other 400 codes the generic error, another
 * non-OK status the card-number error (a 429 from the per-address limit says 'too many'), no
 * answer the generic error. CAPTCHA_INVALID (the contract's) restarts the check.
 */
export function activationCodeError(error: unknown): VisaErrorKey {
  if (!(error instanceof ApiError) || error.isNetworkError) return 'visa__error_generic';
  if (error.status === 429) return 'visa__error_too_many_requests';
  if (error.status !== 400) return 'visa__error_card_number';
  if (is400(error, 'CAPTCHA_INVALID')) return 'captcha';
  if (is400(error, 'TOKEN_ALREADY_ACTIVATED')) return 'visa__error_already_active';
  if (is400(error, 'TOO_MANY_REQUESTS')) return 'visa__error_too_many_requests';
  if (is400(error, 'INVALID_TOKEN')) return 'visa__error_card_number';
  return 'visa__error_generic';
}

/** requestrecovery (§8): TOKEN_IS_NOT_ACTIVE, TOO_MANY_REQUESTS, INVALID_TOKEN → the login error, else generic. */
export function recoveryRequestError(error: unknown): VisaErrorKey {
  if (error instanceof ApiError && error.status === 429) return 'visa__error_too_many_requests';
  if (is400(error, 'CAPTCHA_INVALID')) return 'captcha';
  if (is400(error, 'TOKEN_IS_NOT_ACTIVE')) return 'visa__error_not_active';
  if (is400(error, 'TOO_MANY_REQUESTS')) return 'visa__error_too_many_requests';
  if (is400(error, 'INVALID_TOKEN')) return 'visa__login_error';
  return 'visa__error_generic';
}

/** Login (§8): 404 the login error, other failures the generic error (the guessing cool-down: too many). */
export function loginError(error: unknown): VisaErrorKey {
  if (error instanceof ApiError && error.status === 404) return 'visa__login_error';
  if (error instanceof ApiError && error.status === 429) return 'visa__error_too_many_requests';
  if (is400(error, 'CAPTCHA_INVALID')) return 'captcha';
  if (is400(error, 'TOO_MANY_REQUESTS')) return 'visa__error_too_many_requests';
  return 'visa__error_generic';
}
