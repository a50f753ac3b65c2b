import type { ErrorTable } from '../../lib/errorMessages';

/** What a refused recovery call does on the RESET start screen. */
export type RecoveryErrorOutcome = 'network' | 'insecure' | 'otcNotFound' | 'captcha' | 'errorPage';

/**
 * POST /api/recovery (docs/product/reset.md#errors), all 400: SECURITY_CODE_INSECURE the guess
 * error on the new code; RECOVERY_CODE_NOT_FOUND the error on the one-time code; a refused bot
 * check a new one; no answer only blocks submit (the network alert); any other refusal the reset
 * error page.
 */
export const recoveryErrors: ErrorTable<RecoveryErrorOutcome> = {
  answers: {
    '400 SECURITY_CODE_INSECURE': 'insecure',
    '400 RECOVERY_CODE_NOT_FOUND': 'otcNotFound',
    '400 CAPTCHA_INVALID': 'captcha',
    0: 'network',
  },
  fallback: 'errorPage',
};
