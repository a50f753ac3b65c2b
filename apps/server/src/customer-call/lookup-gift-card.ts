import { type GiftCard, type giftCardLookupRequestSchema, resetRoutes } from '@tessera/contracts';
import type { z } from 'zod';
import { balanceIn } from '../domain/ledger.js';
import type { CardRow } from '../db/schema.js';
import { isUsableGiftCard } from '../domain/card-state.js';
import { payoutBreakdown } from '../domain/payout.js';
import { AppError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { offersFlow } from './brand-gate.js';
import { auditOf, type CustomerCall } from './call-gate.js';
import { requireCaptcha } from './captcha-check.js';
import { checkCardSecret } from './card-secret-check.js';
import { readCardLedger } from './card-ledger.js';
import { giftCardAnswer } from './gift-card-answer.js';

/** The gift card lookup's body, as Fastify validated it. */
export type GiftCardLookupInput = z.output<typeof giftCardLookupRequestSchema>;

/** What a route adds to the lookup's rule (an active, unblocked gift card of the brand). */
export interface GiftCardLookupOptions {
  /**
   * A card this route also finds, though the lookup's rule refuses it: REPLACE passes
   * mayReplaceWhileBlocked, since moving a lost or stolen card's balance to a new card is the point.
   */
  alsoAccepts?: (card: CardRow) => boolean;
}

/**
 * Gift card lookup, the start of BALANCE and IDENTIFY (POST /api/GiftCard/), REPLACE (POST
 * /api/ReplaceCard/) and PAYOUT (POST /api/Payout/, with the payout breakdown): card number +
 * security code + captcha → the card with its balances. The call gate has checked brand and flow
 * and Fastify the body (docs/product/common.md#order-of-checks); then the captcha, then the card
 * and its secret.
 */
export async function lookupGiftCard(
  deps: ServiceDeps,
  call: CustomerCall,
  request: GiftCardLookupInput,
  { alsoAccepts }: GiftCardLookupOptions = {},
): Promise<GiftCard> {
  const { brand, flows, flowType } = call;
  const auditBase = auditOf(call, 'giftcard.lookup');
  await requireCaptcha(deps, call, request['g-recaptcha-response'], auditBase);

  const result = await checkCardSecret(deps, {
    cardNumber: request.giftCardNumber,
    secret: request.pinCode,
    secretKind: 'security_code',
    accepts: (card) => card.brand_id === brand.id && (isUsableGiftCard(card) || alsoAccepts?.(card) === true),
    audit: auditBase,
    readAfter: (card) => readCardLedger(deps.db, card.id),
  });
  if (!result.ok) throw new AppError(result.code);

  const { card, read: ledger } = result;
  const answer: GiftCard = giftCardAnswer(request.giftCardNumber, card, ledger);
  if (flowType === 'PAYOUT') {
    answer.payoutBalance = payoutBreakdown(balanceIn(ledger.sums, card.asset_code), brand.payout_fee, card.asset_code);
  }
  if (request.showResetUrl && offersFlow(flows, 'RESET')) answer.resetUrl = resetRoutes.start.path(brand.slug);
  return answer;
}
