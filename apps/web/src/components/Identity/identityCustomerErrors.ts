import type { ErrorTable } from '../../lib/errorMessages';

/** Where a refused customer call after the bank leads (PAYOUT and IDENTIFY). */
export type IdentityCustomerFailure = 'cancelled' | 'alreadyRegistered' | 'failed';

/**
 * The customer call on the way back from the bank (docs/product/payout.md): a 400 or 401 with
 * USER_CANCELLED the cancelled screen, with CARD_ALREADY_REGISTERED the already-registered one; any
 * other refusal, no answer or an answer that cannot be read the failed screen.
 */
export const identityCustomerErrors: ErrorTable<IdentityCustomerFailure> = {
  answers: {
    '400 USER_CANCELLED': 'cancelled',
    '401 USER_CANCELLED': 'cancelled',
    '400 CARD_ALREADY_REGISTERED': 'alreadyRegistered',
    '401 CARD_ALREADY_REGISTERED': 'alreadyRegistered',
  },
  fallback: 'failed',
};
