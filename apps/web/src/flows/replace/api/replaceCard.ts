import { useMutation } from '@tanstack/react-query';
import {
  FLOW_TYPE_HEADER,
  apiPaths,
  flowTypeOf,
  giftCardSchema,
  replacementSchema,
  stripCardNumber,
  type Balance,
  type GiftCard,
  type GiftCardLookupRequest,
  type ReplaceCardRequest,
  type Replacement,
} from '@tessera/contracts';
import { apiRequest } from '../../../lib/api';

export interface LookupReplaceCardInput {
  /** The brand's code (theme.code). */
  themeCode: string;
  /** As typed; stripped here. */
  cardNumber: string;
  pinCode: string;
  captchaToken: string | null;
}

/** POST /api/ReplaceCard/ with x-flow-type REPLACE (spec §7): the gift card lookup of this flow. */
export function lookupReplaceCard(input: LookupReplaceCardInput): Promise<GiftCard> {
  const body: GiftCardLookupRequest = {
    code: input.themeCode,
    giftCardNumber: stripCardNumber(input.cardNumber),
    pinCode: input.pinCode,
    'g-recaptcha-response': input.captchaToken ?? undefined,
  };
  return apiRequest(apiPaths.replaceCardLookup(), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.REPLACE },
    schema: import.meta.env.DEV ? giftCardSchema : undefined,
  });
}

export interface ReplaceCardInput {
  themeCode: string;
  /** The card number (the lookup's `code`). */
  cardNumber: string;
  email: string;
  securityCode: string;
  /** The balances the lookup answered. */
  balances: Balance[];
  /** The language of the e-mail with the new card. */
  culture?: 'nl' | 'en';
}

/** POST /api/replacecard/{themeCode}/replace with x-flow-type REPLACE (spec §7): answers {email}. */
export function replaceCard(input: ReplaceCardInput): Promise<Replacement> {
  const body: ReplaceCardRequest = {
    code: stripCardNumber(input.cardNumber),
    email: input.email.trim(),
    securityCode: input.securityCode,
    balances: input.balances,
    ...(input.culture ? { culture: input.culture } : {}),
  };
  return apiRequest(apiPaths.replaceCard(input.themeCode), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.REPLACE },
    schema: import.meta.env.DEV ? replacementSchema : undefined,
  });
}

export function useReplaceCard() {
  return useMutation({ mutationKey: ['replace', 'replace'], mutationFn: replaceCard });
}
