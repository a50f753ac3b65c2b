import { giftCardApi, type GiftCard } from '@tessera/contracts';
import type { CardLookupInput } from '../../../components/CardLookupForm/CardLookupForm';
import { lookupCard } from '../../../components/CardLookupForm/lookupCard';

/**
 * POST /api/GiftCard/ with x-flow-type BALANCE (docs/product/balance.md#lookup-call); asks for the
 * reset link.
 */
export function lookupGiftCard(input: CardLookupInput): Promise<GiftCard> {
  return lookupCard({ flow: 'BALANCE', path: giftCardApi.lookup.build(), showResetUrl: true }, input);
}
