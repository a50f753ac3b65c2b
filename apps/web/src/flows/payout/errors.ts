import type { ErrorTable } from '../../lib/errorMessages';
import { identityCustomerErrors, type IdentityCustomerFailure } from '../../components/Identity/identityCustomerErrors';

/** Where a refused PAYOUT customer call leads: IDENTIFY's outcomes, and one of PAYOUT's own. */
export type PayoutCustomerFailure = IdentityCustomerFailure | 'alreadyPaidOut';

/**
 * The PAYOUT customer call (docs/product/payout.md#callback): as IDENTIFY's, plus 409
 * IDEMPOTENCY_CONFLICT (this card was already paid out with this identity session, to another
 * IBAN) → the already-registered screen with the already-paid-out text. Only PAYOUT moves money,
 * so only its table names the code.
 */
export const payoutCustomerErrors: ErrorTable<PayoutCustomerFailure> = {
  ...identityCustomerErrors,
  answers: { ...identityCustomerErrors.answers, '409 IDEMPOTENCY_CONFLICT': 'alreadyPaidOut' },
};
