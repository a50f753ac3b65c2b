import type { HolderInformation } from '@tessera/contracts';
import type { ServiceDeps } from '../../deps.js';
import type { CustomerCall } from '../../customer-call/call-gate.js';
import { holderInformation, isActiveVisa, type UseCodeInput, useOneTimeCode } from './visa-card.js';

/**
 * VISA userecovery (POST /api/visa/userecovery/{themeCode}/; x-flow-type optional): card number,
 * the recovery code sent by SMS and a new passcode. SECURITY_CODE_INSECURE first (nothing used
 * up), then the recovery code of an active Visa card of this brand (INVALID_TOKEN for anything
 * wrong, TOO_MANY_REQUESTS in the cool-down). On success the code is used up and the new passcode
 * replaces the old one; the answer is the holder information, so the account overview can show
 * at once (the cardholder has just proved the card with a code sent to its phone).
 */
export function useRecovery(deps: ServiceDeps, call: CustomerCall, request: UseCodeInput): Promise<HolderInformation> {
  return useOneTimeCode(deps, call, request, {
    purpose: 'recovery',
    auditType: 'visa.recovery',
    accepts: isActiveVisa,
    onSuccess: (trx, card) => holderInformation(trx, deps.crypto, card),
  });
}
