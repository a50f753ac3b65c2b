import {
  FLOW_TYPE_HEADER,
  apiPaths,
  flowTypeOf,
  giftCardSchema,
  identifyCustomerResponseSchema,
  stripCardNumber,
  type GiftCard,
  type GiftCardLookupRequest,
  type IdentifyCustomerRequest,
  type IdentifyCustomerResponse,
  identityApiPaths,
} from '@tessera/contracts';
import { apiRequest } from '../../../lib/api';
import type { CardLookupInput } from '../../../components/CardLookupForm/CardLookupForm';

/** POST /api/GiftCard/ with x-flow-type IDENTIFY (spec §7): the card lookup of this flow. */
export function lookupIdentifyCard(input: CardLookupInput): Promise<GiftCard> {
  const body: GiftCardLookupRequest = {
    code: input.themeCode,
    giftCardNumber: stripCardNumber(input.cardNumber),
    pinCode: input.pinCode,
    'g-recaptcha-response': input.captchaToken ?? undefined,
  };
  return apiRequest(apiPaths.giftCard(), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.IDENTIFY },
    schema: import.meta.env.DEV ? giftCardSchema : undefined,
  });
}

export interface IdentifyCustomerInput {
  /** The brand's slug: this call names the brand by slug (spec §7). */
  slug: string;
  sessionId: string;
  cardNumber: string;
  securityCode: string;
}

/**
 * POST /api/Authentication/{slug}/customer?sessionId=… with x-flow-type IDENTIFY (spec §7):
 * registers the card to the identified cardholder; answers the card number.
 */
export function registerIdentifyCustomer(input: IdentifyCustomerInput): Promise<IdentifyCustomerResponse> {
  const body: IdentifyCustomerRequest = {
    cardNumber: stripCardNumber(input.cardNumber),
    securityCode: input.securityCode,
  };
  return apiRequest(identityApiPaths.identifyCustomer(input.slug, input.sessionId), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.IDENTIFY },
    schema: import.meta.env.DEV ? identifyCustomerResponseSchema : undefined,
  });
}
