import { useMutation } from '@tanstack/react-query';
import {
  FLOW_TYPE_HEADER,
  flowTypeOf,
  giftCardSchema,
  resetApi,
  stripCardNumber,
  type GiftCard,
  type RecoveryRequest,
} from '@tessera/contracts';
import { apiRequest } from '../../../lib/api';

export interface RecoverSecurityCodeInput {
  /** The brand's code (theme.code). */
  themeCode: string;
  /** As typed; stripped here. */
  cardNumber: string;
  /** The 6-digit recovery code. */
  otcNumber: string;
  /** The new security code. */
  securityCode: string;
  captchaToken: string | null;
}

/**
 * POST /api/recovery/{themeCode}/ with x-flow-type SECURITY_RESET
 * (docs/product/reset.md#recovery-call): answers the card.
 */
export function recoverSecurityCode(input: RecoverSecurityCodeInput): Promise<GiftCard> {
  const body: RecoveryRequest = {
    cardNumber: stripCardNumber(input.cardNumber),
    otcNumber: input.otcNumber,
    securityCode: input.securityCode,
    'g-recaptcha-response': input.captchaToken ?? undefined,
  };
  return apiRequest(resetApi.recovery.build({ themeCode: input.themeCode }), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.RESET },
    schema: import.meta.env.DEV ? giftCardSchema : undefined,
  });
}

export function useRecoverSecurityCode() {
  return useMutation({ mutationKey: ['reset', 'recovery'], mutationFn: recoverSecurityCode });
}
