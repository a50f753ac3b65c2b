import {
  FLOW_TYPE_HEADER,
  giftCardSchema,
  stripCardNumber,
  type FlowType,
  type GiftCard,
  type GiftCardLookupRequest,
} from '@tessera/contracts';
import { apiRequest } from '../../lib/api';
import type { CardLookupInput } from './CardLookupForm';

/**
 * The flows that look a card up with its number and security code (docs/product/README.md#calls).
 */
export type CardLookupFlow = Extract<FlowType, 'BALANCE' | 'REPLACE' | 'PAYOUT' | 'IDENTIFY'>;

export interface CardLookupCall {
  /** The x-flow-type: the server answers only for a flow the brand offers. */
  flow: CardLookupFlow;
  /**
   * The flow's lookup path (giftCardApi.lookup, replaceApi.lookup, payoutApi.lookup). Passed in, not
   * looked up by flow here, so the first BALANCE screen does not carry the other flows' calls.
   */
  path: string;
  /** BALANCE asks for the link to RESET with the card. */
  showResetUrl?: boolean;
}

/** POST the flow's card lookup: the card number stripped, its security code and the captcha token. */
export function lookupCard(call: CardLookupCall, input: CardLookupInput): Promise<GiftCard> {
  const body: GiftCardLookupRequest = {
    code: input.themeCode,
    giftCardNumber: stripCardNumber(input.cardNumber),
    pinCode: input.pinCode,
    'g-recaptcha-response': input.captchaToken ?? undefined,
    ...(call.showResetUrl ? { showResetUrl: true } : {}),
  };
  return apiRequest(call.path, {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: call.flow },
    schema: import.meta.env.DEV ? giftCardSchema : undefined,
  });
}
