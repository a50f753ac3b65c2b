import { type BlockCardResult, type blockCardRequestSchema, replaceRoutes } from '@tessera/contracts';
import type { z } from 'zod';
import { type Actor, auditActorFields } from '../card-commands/actor.js';
import { blockLockedCard } from '../card-commands/block-card.js';
import { type CardKind, mayBlockAsLost } from '../domain/card-state.js';
import { truncateAddress } from '../domain/client-address.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { offersFlow } from '../customer-call/brand-gate.js';
import type { CustomerCall } from '../customer-call/call-gate.js';
import { checkCardSecretAndWrite } from '../customer-call/card-secret-check.js';
import type { CardSecretsTable } from '../db/schema.js';

export type BlockCardInput = z.output<typeof blockCardRequestSchema>;

/** Which card and secret each flow's block call proves: BALANCE a gift card, VISA a Visa card. */
const PROOF: Record<'BALANCE' | 'VISA', { kind: CardKind; secretKind: CardSecretsTable['kind'] }> = {
  BALANCE: { kind: 'giftcard', secretKind: 'security_code' },
  VISA: { kind: 'visa', secretKind: 'passcode' },
};

/**
 * POST /api/cards/block: the owner of a lost card stops it. Past the call gate (brand, flow
 * BALANCE or VISA) and validation: the card of the flow's kind and its secret (the gift card's
 * security code, the Visa card's passcode) under the guessing limits, then, in the transaction
 * that verified them and with the card row it locked, the block (card-commands/block-card.ts:
 * row, `card.block` event by `cardholder`, `card.blocked` webhook with `by: cardholder`). Every
 * self-service call then answers the card as an unknown one; REPLACE still moves a gift card's
 * balance (mayReplaceWhileBlocked). A card blocked already is answered with its first block's
 * time, nothing changes, and the check's event says `already_blocked`. A gift card's answer links
 * to REPLACE when the brand offers it. Wrong number or secret: 404 CARD_NOT_FOUND, never saying
 * which; the cool-down: 400 TOO_MANY_REQUESTS (both audited by the check as `card.block`).
 */
export async function blockLostCard(deps: ServiceDeps, call: CustomerCall, request: BlockCardInput): Promise<BlockCardResult> {
  const { brand, flows, flowType } = call;
  if (flowType !== 'BALANCE' && flowType !== 'VISA') throw new Error(`the block call does not serve ${flowType}`);
  const { kind, secretKind } = PROOF[flowType];
  const actor: Actor = { kind: 'cardholder', flowType, client: truncateAddress(call.clientAddress) };

  const result = await checkCardSecretAndWrite(deps, {
    cardNumber: request.cardNumber,
    secret: request.securityCode,
    secretKind,
    accepts: (card) => card.brand_id === brand.id && mayBlockAsLost(card, kind),
    audit: { type: 'card.block', brandId: brand.id, ...auditActorFields(actor) },
    write: async (trx, { card, now }) => {
      const block = await blockLockedCard(deps, { trx, card, now }, 'lost', actor);
      if (!block.changed) return { value: block.blockedAt, outcome: 'already_blocked', detail: card.block_reason };
      return { value: block.blockedAt, audited: true };
    },
  });
  if (!result.ok) throw new AppError(result.code);
  const answer: BlockCardResult = { state: 'blocked', blockedAt: result.value };
  if (kind === 'giftcard' && offersFlow(flows, 'REPLACE')) answer.replaceUrl = replaceRoutes.start.path(brand.slug);
  return answer;
}
