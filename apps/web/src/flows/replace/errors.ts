import type { ErrorTable } from '../../lib/errorMessages';

/** What a refused replacement does on the e-mail screen. */
export type ReplaceErrorOutcome = 'balanceTooLow' | 'alreadyReplaced' | 'failed' | 'errorPage';

/**
 * The replacement call (docs/product/replace.md#errors): 400 BALANCE_TOO_LOW the
 * insufficient-balance message (submit disabled); 409 IDEMPOTENCY_CONFLICT (the card was already
 * replaced, to another address) the already-replaced message; no answer the replace error page;
 * any other failure the replace error alert.
 */
export const replaceErrors: ErrorTable<ReplaceErrorOutcome> = {
  answers: { '400 BALANCE_TOO_LOW': 'balanceTooLow', '409 IDEMPOTENCY_CONFLICT': 'alreadyReplaced', 0: 'errorPage' },
  fallback: 'failed',
};
