import {
  FLOW_TYPE_HEADER,
  flowTypeOf,
  payoutCustomerResponseSchema,
  identityApi,
  payoutApi,
  type GiftCard,
  type PayoutCustomerRequest,
  type PayoutCustomerResponse,
} from '@tessera/contracts';
import { apiRequest } from '../../../lib/api';
import type { CardLookupInput } from '../../../components/CardLookupForm/CardLookupForm';
import { lookupCard } from '../../../components/CardLookupForm/lookupCard';

/**
 * POST /api/Payout/ with x-flow-type PAYOUT (docs/product/payout.md#calls; the shared card form's
 * body, as the gift card lookup): answers the card with its payoutBalance.
 */
export function lookupPayoutCard(input: CardLookupInput): Promise<GiftCard> {
  return lookupCard({ flow: 'PAYOUT', path: payoutApi.lookup.build() }, input);
}

export interface PayoutCustomerInput {
  themeCode: string;
  sessionId: string;
}

/**
 * POST /api/Authentication/{themeCode}/customer with x-flow-type PAYOUT
 * (docs/product/payout.md#calls): records the payout for the identified cardholder. The body is
 * the sessionId alone: the session call bound the card and the IBAN to the session
 * (docs/product/payout.md#the-card-bound-at-the-session-call), so nothing of them had to wait in
 * the browser for the return. A refusal is 400 with a code (docs/product/payout.md#errors).
 */
export function registerPayoutCustomer(input: PayoutCustomerInput): Promise<PayoutCustomerResponse> {
  const body: PayoutCustomerRequest = { sessionId: input.sessionId };
  return apiRequest(identityApi.customer.build({ themeCode: input.themeCode }), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.PAYOUT },
    schema: import.meta.env.DEV ? payoutCustomerResponseSchema : undefined,
  });
}
