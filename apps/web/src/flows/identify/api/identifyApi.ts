import {
  FLOW_TYPE_HEADER,
  flowTypeOf,
  giftCardApi,
  identifyCustomerResponseSchema,
  type GiftCard,
  type IdentifyCustomerRequest,
  type IdentifyCustomerResponse,
  identityApi,
} from '@tessera/contracts';
import { apiRequest } from '../../../lib/api';
import type { CardLookupInput } from '../../../components/CardLookupForm/CardLookupForm';
import { lookupCard } from '../../../components/CardLookupForm/lookupCard';

/**
 * POST /api/GiftCard/ with x-flow-type IDENTIFY (docs/product/identify.md#calls): the card lookup
 * of this flow.
 */
export function lookupIdentifyCard(input: CardLookupInput): Promise<GiftCard> {
  return lookupCard({ flow: 'IDENTIFY', path: giftCardApi.lookup.build() }, input);
}

export interface IdentifyCustomerInput {
  /** The brand's slug: this call names the brand by slug (docs/product/identify.md#calls). */
  slug: string;
  sessionId: string;
}

/**
 * POST /api/Authentication/{slug}/customer?sessionId=… with x-flow-type IDENTIFY
 * (docs/product/identify.md#calls): registers the card to the identified cardholder; answers the
 * card number. The body is `{}`: the session call bound the card to the session
 * (docs/product/identify.md#calls), so nothing of it had to wait in the browser for the return.
 */
export function registerIdentifyCustomer(input: IdentifyCustomerInput): Promise<IdentifyCustomerResponse> {
  const body: IdentifyCustomerRequest = {};
  return apiRequest(identityApi.customer.build({ themeCode: input.slug }, { sessionId: input.sessionId }), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.IDENTIFY },
    schema: import.meta.env.DEV ? identifyCustomerResponseSchema : undefined,
  });
}
