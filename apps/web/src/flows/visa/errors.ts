import type { ErrorTable } from '../../lib/errorMessages';

/**
 * What a refused code request, login or passcode step says (docs/product/visa.md#errors); 'captcha'
 * restarts the check.
 */
export type VisaErrorKey =
  | 'visa__error_already_active'
  | 'visa__error_too_many_requests'
  | 'visa__error_card_number'
  | 'visa__error_not_active'
  | 'visa__login_error'
  | 'visa__error_generic'
  | 'captcha';

/**
 * What every VISA call with a bot check says: a refused check (the contract's CAPTCHA_INVALID)
 * restarts it; the card's guessing limit (400 TOO_MANY_REQUESTS) and the per-address limit (429)
 * say 'too many requests'; anything else, no answer included, the generic error.
 */
const visaErrors = {
  answers: {
    '400 CAPTCHA_INVALID': 'captcha',
    '400 TOO_MANY_REQUESTS': 'visa__error_too_many_requests',
    429: 'visa__error_too_many_requests',
  },
  fallback: 'visa__error_generic',
} satisfies ErrorTable<VisaErrorKey>;

/**
 * RequestActivationCode (docs/product/visa.md#errors), 400: TOKEN_ALREADY_ACTIVATED 'already
 * active', INVALID_TOKEN the card-number error, other codes the generic error; another non-OK
 * status the card-number error; no answer (status 0) the generic error.
 */
export const activationCodeErrors: ErrorTable<VisaErrorKey> = {
  answers: {
    ...visaErrors.answers,
    '400 TOKEN_ALREADY_ACTIVATED': 'visa__error_already_active',
    '400 INVALID_TOKEN': 'visa__error_card_number',
    0: 'visa__error_generic',
  },
  otherStatus: 'visa__error_card_number',
  fallback: visaErrors.fallback,
};

/**
 * requestrecovery (docs/product/visa.md#errors), 400: TOKEN_IS_NOT_ACTIVE the not-active message,
 * INVALID_TOKEN the login error; else generic.
 */
export const recoveryRequestErrors: ErrorTable<VisaErrorKey> = {
  ...visaErrors,
  answers: { ...visaErrors.answers, '400 TOKEN_IS_NOT_ACTIVE': 'visa__error_not_active', '400 INVALID_TOKEN': 'visa__login_error' },
};

/**
 * Login (docs/product/visa.md#errors): 404 (a wrong card or passcode) the login error, other
 * failures the generic error.
 */
export const loginErrors: ErrorTable<VisaErrorKey> = {
  ...visaErrors,
  answers: { ...visaErrors.answers, 404: 'visa__login_error' },
};

/** What a refused new passcode at account/reset says above the form, blocking submit. */
export type PasscodeRefusal = 'visa__reset_code_error' | 'visa__error_too_many_requests' | 'visa__error_generic';

/**
 * What a refused new passcode does (docs/product/visa.md#errors): the guess error, the network
 * alert, activate/failed, or a refusal.
 */
export type PasscodeErrorOutcome = 'insecure' | 'network' | 'failed' | PasscodeRefusal;

/**
 * UseActivationCode (docs/product/visa.md#errors): 400 SECURITY_CODE_INSECURE marks the passcode
 * insecure; no answer blocks submit behind the network alert; anything else goes to
 * activate/failed.
 */
export const activationPasscodeErrors: ErrorTable<PasscodeErrorOutcome> = {
  answers: { '400 SECURITY_CODE_INSECURE': 'insecure', 0: 'network' },
  fallback: 'failed',
};

/**
 * userecovery: SECURITY_CODE_INSECURE and no answer as at activation; a wrong or expired SMS code
 * (400 INVALID_TOKEN) says so, the guessing limits (TOO_MANY_REQUESTS, 429) say 'too many
 * requests', anything else the generic error.
 */
export const recoveryPasscodeErrors: ErrorTable<PasscodeErrorOutcome> = {
  answers: {
    ...activationPasscodeErrors.answers,
    '400 INVALID_TOKEN': 'visa__reset_code_error',
    429: 'visa__error_too_many_requests',
    TOO_MANY_REQUESTS: 'visa__error_too_many_requests',
  },
  fallback: 'visa__error_generic',
};
