import { useMutation } from '@tanstack/react-query';
import {
  FLOW_TYPE_HEADER,
  flowTypeOf,
  replaceApi,
  replacementSchema,
  stripCardNumber,
  type Balance,
  type GiftCard,
  type ReplaceCardRequest,
  type Replacement,
} from '@tessera/contracts';
import { apiRequest } from '../../../lib/api';
import type { CardLookupInput } from '../../../components/CardLookupForm/CardLookupForm';
import { lookupCard } from '../../../components/CardLookupForm/lookupCard';

/**
 * POST /api/ReplaceCard/ with x-flow-type REPLACE (docs/product/replace.md#calls): the gift card
 * lookup of this flow.
 */
export function lookupReplaceCard(input: CardLookupInput): Promise<GiftCard> {
  return lookupCard({ flow: 'REPLACE', path: replaceApi.lookup.build() }, input);
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

/**
 * POST /api/replacecard/{themeCode}/replace with x-flow-type REPLACE
 * (docs/product/replace.md#calls): answers {email}.
 */
export function replaceCard(input: ReplaceCardInput): Promise<Replacement> {
  const body: ReplaceCardRequest = {
    code: stripCardNumber(input.cardNumber),
    email: input.email.trim(),
    securityCode: input.securityCode,
    balances: input.balances,
    ...(input.culture ? { culture: input.culture } : {}),
  };
  return apiRequest(replaceApi.replace.build({ themeCode: input.themeCode }), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: flowTypeOf.REPLACE },
    schema: import.meta.env.DEV ? replacementSchema : undefined,
  });
}

export function useReplaceCard() {
  return useMutation({ mutationKey: ['replace', 'replace'], mutationFn: replaceCard });
}
