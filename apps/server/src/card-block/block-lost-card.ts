import { type BlockCardResult, type blockCardRequestSchema, replaceRoutes } from '@tessera/contracts';
import type { z } from 'zod';
import { updateCard } from '../db/repositories/cards.js';
import { recordWebhookEvent, webhookCard } from '../delivery/webhooks/events.js';
import { type CardKind, mayBlockAsLost } from '../domain/card-state.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { offersFlow } from '../customer-call/brand-gate.js';
import { auditOf, type CustomerCall } from '../customer-call/call-gate.js';
import { checkCardSecretAndWrite } from '../customer-call/card-secret-check.js';
import type { CardSecretsTable } from '../db/schema.js';

export type BlockCardInput = z.output<typeof blockCardRequestSchema>;

/** Which card and secret each flow's block call proves: BALANCE a gift card, VISA a Visa card. */
const PROOF: Record<'BALANCE' | 'VISA', { kind: CardKind; secretKind: CardSecretsTable['kind'] }> = {
  BALANCE: { kind: 'giftcard', secretKind: 'security_code' },
  VISA: { kind: 'visa', secretKind: 'passcode' },
};

/**
 * POST /api/cards/block: the owner of a lost card stops it (../shared/design/brand-api.md "What the
 * cardholder sees"). Past the call gate (brand, flow BALANCE or VISA) and validation: the card of
 * the flow's kind and its secret (the gift card's security code, the Visa card's passcode) under
 * the guessing limits, then, in the transaction that verified them, blocked_at and block_reason
 * 'lost'. Every self-service call then answers the card as an unknown one (isUsableGiftCard and
 * the VISA rules refuse a blocked card); REPLACE still moves a gift card's balance
 * (mayReplaceWhileBlocked). A card blocked already is answered with its first block's time and
 * nothing changes. A gift card's answer links to REPLACE when the brand offers it. Wrong number or secret: 404 CARD_NOT_FOUND, never saying which; the cool-down:
 * 400 TOO_MANY_REQUESTS. Audited as card.block with the call's flow type and client; the brand's
 * webhooks get card.blocked (by: cardholder) in the same transaction.
 */
export async function blockLostCard(deps: ServiceDeps, call: CustomerCall, request: BlockCardInput): Promise<BlockCardResult> {
  const { brand, flows, flowType } = call;
  if (flowType !== 'BALANCE' && flowType !== 'VISA') throw new Error(`the block call does not serve ${flowType}`);
  const { kind, secretKind } = PROOF[flowType];

  const result = await checkCardSecretAndWrite(deps, {
    cardNumber: request.cardNumber,
    secret: request.securityCode,
    secretKind,
    accepts: (card) => card.brand_id === brand.id && mayBlockAsLost(card, kind),
    audit: auditOf(call, 'card.block'),
    write: async (trx, { card, now }) => {
      if (card.blocked_at !== null) return { value: card.blocked_at, outcome: 'already_blocked', detail: card.block_reason };
      const at = now.toISOString();
      await updateCard(trx, card.id, { blocked_at: at, block_reason: 'lost', updated_at: at });
      await recordWebhookEvent(trx, deps.crypto, { brandId: brand.id, type: 'card.blocked', cardId: card.id, data: { card: webhookCard(card), reason: 'lost', by: 'cardholder' } }, at);
      return { value: at, outcome: 'blocked', detail: 'lost, by its owner' };
    },
  });
  if (!result.ok) throw new AppError(result.code);
  const answer: BlockCardResult = { state: 'blocked', blockedAt: result.value };
  if (kind === 'giftcard' && offersFlow(flows, 'REPLACE')) answer.replaceUrl = replaceRoutes.start.path(brand.slug);
  return answer;
}
