import type { ActivationResult } from '@tessera/contracts';
import type { ServiceDeps } from '../../deps.js';
import type { CustomerCall } from '../../customer-call/call-gate.js';
import { awaitsActivation, moveVisaCard, type UseCodeInput, useOneTimeCode } from './visa-card.js';

/**
 * VISA UseActivationCode (POST /api/visa/UseActivationCode/{themeCode}/, x-flow-type VISA): card
 * number, the SMS code and the chosen passcode. SECURITY_CODE_INSECURE
 * (docs/product/common.md#passcodes) first, using nothing up; then the code of an inactive or
 * passcode_set Visa card of this brand (INVALID_TOKEN for anything wrong; TOO_MANY_REQUESTS in the
 * guessing cool-down). On success the code is used up, the passcode stored (keyed hash) and the
 * card is `passcode_set`; the review comes next.
 */
export function useActivationCode(deps: ServiceDeps, call: CustomerCall, request: UseCodeInput): Promise<ActivationResult> {
  return useOneTimeCode(deps, call, request, {
    purpose: 'activation',
    auditType: 'visa.activation',
    accepts: awaitsActivation,
    onSuccess: async (trx, card, at) => {
      await moveVisaCard(trx, card, 'passcode_set', at);
      return { status: 'passcode_set' as const };
    },
  });
}
