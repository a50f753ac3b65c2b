import {
  FLOW_TYPE_HEADER,
  flowTypeOf,
  giftCardSchema,
  payoutCustomerResponseSchema,
  stripCardNumber,
  type GiftCard,
  type PayoutCustomerRequest,
  type PayoutCustomerResponse,
  type PayoutLookupRequest,
  identityApiPaths,
} from '@tessera/contracts';
import { apiRequest } from '../../../lib/api';
import type { CardLookupInput } from '../../../components/CardLookupForm/CardLookupForm';

/**
 * POST /api/Payout/ with x-flow-type PAYOUT (spec §7; the shared card form's body, as the gift
 * card lookup): answers the card with its payoutBalance.
 */
export function lookupPayoutCard(input: CardLookupInput): Promise<GiftCard> {
  const body: PayoutLookupRequest = {
    code: input.themeCode,
    giftCardNumber: stripCardNumber(input.cardNumber),
    pinCode: input.pinCode,
    'g-recaptcha-response': input.captchaToken ?? undefined,
  };
  return apiRequest(identityApiPaths.payoutLookup(), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.PAYOUT },
    schema: import.meta.env.DEV ? giftCardSchema : undefined,
  });
}

export interface PayoutCustomerInput {
  themeCode: string;
  cardNumber: string;
  securityCode: string;
  sessionId: string;
  /** The IBAN. */
  bankAccountNumber: string;
}

/**
 * POST /api/Authentication/{themeCode}/customer with x-flow-type PAYOUT (spec §7): records the
 * payout to the IBAN for the identified cardholder. A refusal is 400 with a code (§8).
 */
export function registerPayoutCustomer(input: PayoutCustomerInput): Promise<PayoutCustomerResponse> {
  const body: PayoutCustomerRequest = {
    cardNumber: stripCardNumber(input.cardNumber),
    securityCode: input.securityCode,
    sessionId: input.sessionId,
    bankAccountNumber: input.bankAccountNumber,
  };
  return apiRequest(identityApiPaths.payoutCustomer(input.themeCode), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.PAYOUT },
    schema: import.meta.env.DEV ? payoutCustomerResponseSchema : undefined,
  });
}
