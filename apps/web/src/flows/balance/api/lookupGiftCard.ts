import {
  FLOW_TYPE_HEADER,
  apiPaths,
  flowTypeOf,
  giftCardSchema,
  stripCardNumber,
  type GiftCard,
  type GiftCardLookupRequest,
} from '@tessera/contracts';
import { apiRequest } from '../../../lib/api';

export interface LookupGiftCardInput {
  /** The brand's code (theme.code). */
  themeCode: string;
  /** As typed; stripped here. */
  cardNumber: string;
  pinCode: string;
  captchaToken: string | null;
}

/** POST /api/GiftCard/ with x-flow-type BALANCE (spec §7); asks for the reset link. */
export function lookupGiftCard(input: LookupGiftCardInput): Promise<GiftCard> {
  const body: GiftCardLookupRequest = {
    code: input.themeCode,
    giftCardNumber: stripCardNumber(input.cardNumber),
    pinCode: input.pinCode,
    'g-recaptcha-response': input.captchaToken ?? undefined,
    showResetUrl: true,
  };
  return apiRequest(apiPaths.giftCard(), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.BALANCE },
    schema: import.meta.env.DEV ? giftCardSchema : undefined,
  });
}
