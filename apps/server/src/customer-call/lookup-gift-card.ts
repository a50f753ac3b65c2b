import {
  type FlowType,
  type GiftCard,
  giftCardLookupRequestSchema,
  resetRoutes,
} from '@tessera/contracts';
import { sumLedgerByAsset } from '../db/repositories/ledger.js';
import { truncateAddress } from '../domain/client-address.js';
import { balanceIn } from '../domain/ledger.js';
import { isUsableGiftCard } from '../domain/card-state.js';
import { payoutBreakdown } from '../domain/payout.js';
import { AppError } from '../errors.js';
import type { RequestContext, ServiceDeps } from '../deps.js';
import { offersFlow, requireKnownBrand, requireOfferedFlowType } from './brand-gate.js';
import { checkCaptcha } from './captcha-check.js';
import { checkCardSecret } from './card-secret-check.js';
import { giftCardAnswer } from './gift-card-answer.js';
import { parseOrThrow } from './validate.js';

/** The brand code a body names, read before validation so the checks keep the contract's order. */
function brandCodeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' && body.code.length > 0) {
    return body.code.slice(0, 64);
  }
  return undefined;
}

/**
 * Gift card lookup, the start of BALANCE and IDENTIFY (POST /api/GiftCard/), REPLACE (POST
 * /api/ReplaceCard/) and PAYOUT (POST /api/Payout/, with the payout breakdown): card number +
 * security code + captcha → the card with its balances. Checks run in the contract's order:
 * brand, flow, body, captcha, card and secret.
 */
export async function lookupGiftCard(
  deps: ServiceDeps,
  ctx: RequestContext,
  body: unknown,
  acceptedFlowTypes: readonly FlowType[],
): Promise<GiftCard> {
  const client = truncateAddress(ctx.clientAddress);
  const brandCode = brandCodeOf(body);
  const brandGate = brandCode ? await requireKnownBrand(deps.brands, brandCode) : undefined;
  if (!brandGate) parseOrThrow(giftCardLookupRequestSchema, body); // no usable brand code: say which fields are wrong
  const { brand, flows } = brandGate!;
  const flowType = requireOfferedFlowType(ctx.flowTypeHeader, acceptedFlowTypes, flows);
  const request = parseOrThrow(giftCardLookupRequestSchema, body);
  const auditBase = { type: 'giftcard.lookup', brandId: brand.id, flowType, client };

  if (!(await checkCaptcha(deps, request['g-recaptcha-response'], ctx.clientAddress))) {
    await deps.audit.record({ ...auditBase, outcome: 'captcha_invalid' }, deps.now().toISOString());
    throw new AppError('CAPTCHA_INVALID');
  }

  const result = await checkCardSecret(deps, {
    cardNumber: request.giftCardNumber,
    secret: request.pinCode,
    secretKind: 'security_code',
    accepts: (card) => card.brand_id === brand.id && isUsableGiftCard(card.kind, card.state),
    audit: auditBase,
    readAfter: (card) => sumLedgerByAsset(deps.db, card.id),
  });
  if (!result.ok) throw new AppError(result.code);

  const { card, read: entries } = result;
  const answer: GiftCard = giftCardAnswer(request.giftCardNumber, card, entries);
  if (flowType === 'PAYOUT') {
    answer.payoutBalance = payoutBreakdown(balanceIn(entries, card.asset_code), brand.payout_fee, card.asset_code);
  }
  if (request.showResetUrl && offersFlow(flows, 'RESET')) answer.resetUrl = resetRoutes.start.path(brand.slug);
  return answer;
}
